// Issue 36 where a person enters a room (decision 077): the room's address on the site's
// server, with a signed token saying who they are, whether they moderate, and until when the
// token holds. JaaS takes RS256 tokens signed with the account's API key; a self-hosted Jitsi
// Meet with token authentication takes HS256 tokens signed with its app secret; the public
// meet.jit.si takes none.
import { createPrivateKey, createSecretKey } from "node:crypto";
import { SignJWT } from "jose";
import { JAAS_DOMAIN, PUBLIC_JITSI_DOMAIN, type MeetingProvider } from "./meeting-shapes";

export type RoomServer = {
  provider: MeetingProvider;
  domain: string;
  appId: string;
  keyId: string;
  /** The opened secret: the app secret (jitsi) or the private key's PEM (jaas); "" for none. */
  secret: string;
};

export type Entrant = {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  moderator: boolean;
};

/** The room's address for `entrant`, its token valid from `notBefore` until `expires` (s). */
export async function roomAddress(
  server: RoomServer,
  {
    room,
    entrant,
    notBefore,
    expires,
  }: { room: string; entrant: Entrant; notBefore: number; expires: number },
): Promise<{ url: string; domain: string; roomName: string; jwt: string | null }> {
  const user = {
    id: entrant.id,
    name: entrant.name,
    email: entrant.email,
    ...(entrant.avatar ? { avatar: entrant.avatar } : {}),
  };
  if (server.provider === "jaas") {
    const jwt = await new SignJWT({
      room,
      context: {
        user: { ...user, moderator: entrant.moderator ? "true" : "false" },
        features: {
          recording: entrant.moderator ? "true" : "false",
          livestreaming: "false",
          transcription: "false",
          "outbound-call": "false",
        },
      },
    })
      .setProtectedHeader({ alg: "RS256", kid: `${server.appId}/${server.keyId}`, typ: "JWT" })
      .setAudience("jitsi")
      .setIssuer("chat")
      .setSubject(server.appId)
      .setNotBefore(notBefore)
      .setExpirationTime(expires)
      .sign(createPrivateKey(server.secret));
    const roomName = `${server.appId}/${room}`;
    return {
      url: `https://${JAAS_DOMAIN}/${roomName}?jwt=${jwt}`,
      domain: JAAS_DOMAIN,
      roomName,
      jwt,
    };
  }
  if (server.provider === "jitsi") {
    if (!server.secret)
      return {
        url: `https://${server.domain}/${room}`,
        domain: server.domain,
        roomName: room,
        jwt: null,
      };
    // Prosody's token plugin: aud and iss its app id, sub the server, the moderator as the
    // room's owner; the lobby on for everyone else.
    const jwt = await new SignJWT({
      room,
      context: {
        user: {
          ...user,
          moderator: entrant.moderator,
          affiliation: entrant.moderator ? "owner" : "member",
        },
        room: { lobby: true },
      },
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setAudience(server.appId)
      .setIssuer(server.appId)
      .setSubject(server.domain)
      .setNotBefore(notBefore)
      .setExpirationTime(expires)
      .sign(createSecretKey(Buffer.from(server.secret)));
    return {
      url: `https://${server.domain}/${room}?jwt=${jwt}`,
      domain: server.domain,
      roomName: room,
      jwt,
    };
  }
  return {
    url: `https://${PUBLIC_JITSI_DOMAIN}/${room}`,
    domain: PUBLIC_JITSI_DOMAIN,
    roomName: room,
    jwt: null,
  };
}
