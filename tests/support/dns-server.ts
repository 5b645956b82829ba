import dns2 from "dns2";

const { Packet } = dns2;

/**
 * A local DNS server for tests (dns2, over UDP on 127.0.0.1, a free port): it answers the TXT
 * records it is given, NXDOMAIN for any other name, and SERVFAIL for the names told to fail.
 * The app under test reaches it through `DNS_RESOLVER` (`address`).
 */
export async function startDnsServer() {
  const txt = new Map<string, string[]>();
  const failing = new Set<string>();
  const asked: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? "").toLowerCase().replace(/\.$/, "");
      asked.push(name);
      const records = txt.get(name);
      if (failing.has(name)) response.header.rcode = Packet.RCODE.SERVFAIL;
      else if (!records) response.header.rcode = Packet.RCODE.NXDOMAIN;
      else
        for (const data of records) {
          // A plain record, as dns2's own examples answer (its types ask for a method it adds).
          const answer = { name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data };
          response.answers.push(answer as unknown as (typeof response.answers)[number]);
        }
      send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const { port } = addresses.udp as { port: number };
  return {
    /** `DNS_RESOLVER`'s value for this server. */
    address: `127.0.0.1:${port}`,
    /** Sets a name's TXT records (an empty list: the name exists with no TXT); null removes it. */
    setTxt(name: string, records: string[] | null) {
      if (records) txt.set(name.toLowerCase(), records);
      else txt.delete(name.toLowerCase());
    },
    /** The names this server will answer SERVFAIL for (the resolver "did not answer"). */
    fail(name: string, on = true) {
      if (on) failing.add(name.toLowerCase());
      else failing.delete(name.toLowerCase());
    },
    /** The names asked for, in order. */
    asked,
    close: () => server.close(),
  };
}

export type LocalDnsServer = Awaited<ReturnType<typeof startDnsServer>>;
