/**
 * The fuzz pass's raw mails (for `POST /api/email/feedback`, decision 055's addendum): a
 * delivery report, then that report broken every way an MTA, a forwarder or an attacker could
 * break it — MIME structure, header fields, the report's own fields, the attached original's
 * Message-ID, bytes and line ends. Deterministic, as the rest of the corpus is.
 */
import type { FuzzCase, Random } from "./fuzz-corpus";

const uuid = "6f1c3e0a-9b7d-4c2e-8f5a-1d2e3f4a5b6c";

/** A hard bounce of a campaign message of `host` (no such campaign: it changes nothing). */
export function fuzzDeliveryReport(host: string, messageId = `<c.${uuid}.${uuid}@${host}>`) {
  return [
    "From: MAILER-DAEMON@mx.example.net",
    "To: bounces@example.test",
    "Subject: Undelivered Mail Returned to Sender",
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="fz"',
    "",
    "--fz",
    "Content-Type: text/plain",
    "",
    "Your message could not be delivered.",
    "--fz",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.example.net",
    "",
    "Final-Recipient: rfc822; ada@example.com",
    "Action: failed",
    "Status: 5.1.1",
    "Diagnostic-Code: smtp; 550 5.1.1 no such user",
    "--fz",
    "Content-Type: text/rfc822-headers",
    "",
    "From: Demo <no-reply@example.test>",
    "To: ada@example.com",
    `Message-ID: ${messageId}`,
    "--fz--",
    "",
  ].join("\r\n");
}

const hostileIds = [
  "",
  "<>",
  "<c..@>",
  `<c.${uuid}.${uuid}@>`,
  `<c.${uuid}.${uuid}@localhost>`,
  `<c.${uuid}.${uuid}@nowhere.example>`,
  `<c.00000000-0000-0000-0000-000000000000.${uuid}@localhost>`,
  `<c.${uuid}.${uuid}@${"a".repeat(300)}.localhost>`,
  `<c.${uuid}.${uuid}@[::1]>`,
  `<c.${uuid}.${uuid}@xn--80ak6aa92e.com>`,
  `<c.${uuid}.${uuid}@dèmo.localhost>`,
  `<c.' OR 1=1 --.${uuid}@localhost>`,
  `<c.${uuid}.${uuid}@../../etc/passwd>`,
  `<c.${uuid}.${uuid}@a@b@c>`,
  `<c.${uuid}.${uuid}@localhost\u0000>`,
  `<c.${uuid}.${uuid}@localhost> <c.${uuid}.${uuid}@localhost>`,
  `=?utf-8?B?PGMuYUBiPg==?=`,
  "<" + "c.".repeat(5000) + ">",
];
const statuses = ["", "5", "5.", "5.1", "5.1.1.1", "5.1.1000", "9.9.9", "4.4.7", "2.0.0", "x.y.z"];
const actions = ["", "FAILED", "failed (permanent)", "delayed", "relayed", "expanded", "nope"];
const feedbackTypes = ["abuse", "ABUSE", "", "fraud", "not-spam", "abuse\u0000", "a".repeat(5000)];

/** Fixed cases: the structure, the fields and the bytes of a report, each broken one way. */
export function mailCases(valid: string): FuzzCase[] {
  const at = (needle: string) => valid.indexOf(needle);
  const swap = (from: string | RegExp, to: string) => valid.replace(from, to);
  const cases: Array<[string, string | Uint8Array<ArrayBuffer>]> = [
    ["the report", valid],
    ["LF line ends", valid.replace(/\r\n/g, "\n")],
    ["CR line ends", valid.replace(/\r\n/g, "\r")],
    ...[1, 40, at("--fz"), at("Action:"), at("Message-ID:"), valid.length - 8].map(
      (cut) => [`truncated at ${cut}`, valid.slice(0, cut)] as [string, string],
    ),
    ["no boundary parameter", swap('; boundary="fz"', "")],
    ["empty boundary", swap('boundary="fz"', 'boundary=""')],
    ["another boundary", swap('boundary="fz"', 'boundary="zz"')],
    ["boundary of 300 characters", valid.replaceAll("fz", "b".repeat(300))],
    ["no closing boundary", swap("--fz--", "")],
    ["report type swapped", swap("delivery-status;", "feedback-report;")],
    ["delivery status as text", swap("message/delivery-status", "text/plain")],
    ["no blank line after headers", swap("MIME-Version: 1.0\r\n", "MIME-Version: 1.0")],
    ["only headers", valid.split("\r\n\r\n")[0]!],
    ["header line of 100 KB", `X-Long: ${"a".repeat(100_000)}\r\n${valid}`],
    ["10 000 header lines", `${"X-A: b\r\n".repeat(10_000)}${valid}`],
    ["folded forever", swap("Status: 5.1.1", `Status: 5.1.1${"\r\n x".repeat(20_000)}`)],
    [
      "1 000 recipient blocks",
      swap(
        "Action: failed",
        `Action: failed${"\r\n\r\nAction: failed\r\nStatus: 5.1.1".repeat(1000)}`,
      ),
    ],
    ["NUL in a header", swap("Subject: Undelivered", "Subject: Und\u0000elivered")],
    ["NUL in the report", swap("Status: 5.1.1", "Status: 5.1.1\u0000")],
    ["encoded words", swap("Subject: Undelivered Mail", "Subject: =?utf-8?B?AAAA?= =?x?Q?=ZZ?=")],
    [
      "unknown charset",
      swap("Content-Type: text/plain", "Content-Type: text/plain; charset=x-nope"),
    ],
    [
      "base64 report",
      swap(
        "message/delivery-status\r\n",
        "message/delivery-status\r\nContent-Transfer-Encoding: base64\r\n",
      ),
    ],
    [
      "broken quoted-printable",
      swap(
        "message/delivery-status\r\n",
        "message/delivery-status\r\nContent-Transfer-Encoding: quoted-printable\r\n",
      ).replace("5.1.1", "=ZZ=\r\n="),
    ],
    [
      "original as message/rfc822 inline",
      swap("text/rfc822-headers", "message/rfc822\r\nContent-Disposition: inline"),
    ],
    ["original as message/global", swap("text/rfc822-headers", "message/global")],
    [
      "two originals",
      valid.replace(
        "--fz--",
        `--fz\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: <x@y>\r\n--fz--`,
      ),
    ],
    ["no original", valid.slice(0, at("--fz\r\nContent-Type: text/rfc822-headers")) + "--fz--\r\n"],
    [
      "nested 200 deep",
      `Content-Type: multipart/mixed; boundary=n\r\n\r\n${"--n\r\nContent-Type: multipart/mixed; boundary=n\r\n\r\n".repeat(200)}`,
    ],
    ["nested message 20 deep", `${"Content-Type: message/rfc822\r\n\r\n".repeat(20)}${valid}`],
    ...hostileIds.map(
      (id, n) =>
        [
          `Message-ID #${n} ${id.slice(0, 24)}`,
          valid.replace(/Message-ID: .*/, `Message-ID: ${id}`),
        ] as [string, string],
    ),
    ...statuses.map(
      (status) =>
        [`Status ${status.slice(0, 12)}`, swap("Status: 5.1.1", `Status: ${status}`)] as [
          string,
          string,
        ],
    ),
    ...actions.map(
      (action) =>
        [`Action ${action.slice(0, 12)}`, swap("Action: failed", `Action: ${action}`)] as [
          string,
          string,
        ],
    ),
    ...feedbackTypes.map(
      (type) =>
        [
          `Feedback-Type ${type.slice(0, 12)}`,
          swap("delivery-status;", "feedback-report;")
            .replace("message/delivery-status", "message/feedback-report")
            .replace("Reporting-MTA", `Feedback-Type: ${type}\r\nReporting-MTA`),
        ] as [string, string],
    ),
  ];
  const encoder = new TextEncoder();
  const bytes = (text: string) => [...encoder.encode(text)];
  const withBytes = (
    label: string,
    where: string,
    inserted: number[],
  ): [string, Uint8Array<ArrayBuffer>] => {
    const split = at(where);
    return [
      label,
      new Uint8Array([...bytes(valid.slice(0, split)), ...inserted, ...bytes(valid.slice(split))]),
    ];
  };
  cases.push(
    withBytes("latin-1 byte in a header", "Undelivered", [0xe9]),
    withBytes("invalid UTF-8 in the report", "Action:", [0xc0, 0x80, 0xed, 0xa0, 0x80]),
    withBytes("0xFF in the Message-ID", "@", [0xff, 0xfe]),
    [
      "UTF-16 mail",
      new Uint8Array([
        0xff,
        0xfe,
        ...[...valid].flatMap((c) => [c.charCodeAt(0) & 255, c.charCodeAt(0) >> 8]),
      ]),
    ],
  );
  return cases.map(([label, body]) => ({ label: `mail: ${label}`, body }));
}

/** Random damage to the report: a line replaced, bytes spliced in, a piece cut out. */
export function randomMailCase(
  random: Random,
  valid: string,
  randomText: (random: Random) => string,
  n: number,
): FuzzCase {
  const lines = valid.split("\r\n");
  const roll = random.int(3);
  if (roll === 0) {
    lines[random.int(lines.length)] = randomText(random);
    return { label: `random mail #${n} (a line)`, body: lines.join("\r\n") };
  }
  const bytes = [...new TextEncoder().encode(valid)];
  const at = random.int(bytes.length);
  if (roll === 1) {
    const noise = Array.from({ length: 1 + random.int(40) }, () => random.int(256));
    bytes.splice(at, 0, ...noise);
    return { label: `random mail #${n} (bytes at ${at})`, body: new Uint8Array(bytes) };
  }
  bytes.splice(at, 1 + random.int(200));
  return { label: `random mail #${n} (cut at ${at})`, body: new Uint8Array(bytes) };
}
