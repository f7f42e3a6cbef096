// A real SMTP server on 127.0.0.1 for the e-mail tests (the `smtp-server` package): it takes sign-ins and messages
// and keeps them parsed (mailparser), or refuses every message with 554 (`refuse`); and a server that closes every
// connection at once. Never a real mail server.
import { createServer, type Server } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  user: string | null;
}

export interface TestSmtp {
  port: number;
  mails: ReceivedMail[];
  /** Every message is refused with 554 while true. */
  refuse: boolean;
  close(): Promise<void>;
}

const portOf = (s: { address(): unknown }) => (s.address() as { port: number }).port;

export async function startSmtpServer(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const state = { refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === "mailer" && auth.password === "s3cret-pass") cb(null, { user: auth.username });
      else cb(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onData(stream, session, cb) {
      void simpleParser(stream).then((mail: ParsedMail) => {
        if (state.refuse) return cb(Object.assign(new Error("Message refused"), { responseCode: 554 }));
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          user: (session.user as string | undefined) ?? null,
        });
        cb();
      }, cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const smtp: TestSmtp = {
    port: portOf(server.server),
    mails,
    get refuse() {
      return state.refuse;
    },
    set refuse(v: boolean) {
      state.refuse = v;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return smtp;
}

/** A server that accepts a connection and closes it before saying anything. */
export async function startClosingServer(): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: portOf(server), close: () => new Promise((resolve) => server.close(() => resolve())) };
}
