// Sending one e-mail through a workspace's SMTP server (nodemailer). The server's host passes the scanners' address
// guard like every outbound connection (vetHost: public addresses, or private ones the operator allows), and the
// connection goes to the address it vetted (the TLS name stays the host's); every phase is time-limited. A failure
// comes back in the delivery log's words (webhooks.failure.ts): the class and our own message with the SMTP status
// code, never the server's reply text or an address.
import { createTransport } from "nodemailer";
import { FetchRefused, parseIp, vetHost, type NetConfig } from "@ems/scanners";
import { connectionFailure, describeDeliveryError, type DeliveryFailure } from "../webhooks/webhooks.failure.ts";

export interface SmtpServer {
  host: string;
  port: number;
  security: "tls" | "starttls" | "none";
  username: string | null;
  password: string | null;
  fromAddress: string;
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

interface SmtpError {
  code?: string;
  originalCode?: string;
  responseCode?: number;
  command?: string;
}

/** Why a conversation failed, in the delivery log's words. */
export function describeSmtpError(err: unknown, timeoutMs: number): DeliveryFailure {
  if (err instanceof FetchRefused) return describeDeliveryError(err, timeoutMs);
  const e = (err ?? {}) as SmtpError;
  const status = e.responseCode ? ` (${e.responseCode})` : "";
  switch (e.code) {
    case "ETIMEDOUT":
      return { errorClass: "timeout", message: `no answer from the SMTP server within ${timeoutMs} ms` };
    case "EAUTH":
      return { errorClass: "smtp", message: `the SMTP server refused the sign-in${status}` };
    case "EENVELOPE":
      return { errorClass: "smtp", message: `the SMTP server refused the sender or the recipients${status}` };
    case "EMESSAGE":
      return { errorClass: "smtp", message: `the SMTP server refused the message${status}` };
    case "ETLS":
      return { errorClass: "tls", message: "the SMTP server's STARTTLS or certificate check failed" };
    case "EPROTOCOL":
      return { errorClass: "smtp", message: `the SMTP server answered something unexpected${status}` };
    case "ECONNECTION":
    case "ESOCKET":
      if (e.responseCode) return { errorClass: "smtp", message: `the SMTP server refused the connection${status}` };
      if (!e.originalCode) return { errorClass: "connection", message: "the SMTP server closed the connection" };
      return connectionFailure(e.originalCode);
  }
  if (e.responseCode) return { errorClass: "smtp", message: `the SMTP server refused the message${status}` };
  return { errorClass: "other", message: "the attempt failed unexpectedly" };
}

/** Sends `mail`; null when the server accepted it, else why not. Never throws. */
export async function sendMail(
  server: SmtpServer,
  mail: Mail,
  net: NetConfig,
  timeoutMs: number,
): Promise<DeliveryFailure | null> {
  let transport: ReturnType<typeof createTransport> | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const [address] = await vetHost(server.host, net);
    transport = createTransport({
      host: address,
      port: server.port,
      secure: server.security === "tls",
      requireTLS: server.security === "starttls",
      ignoreTLS: server.security === "none",
      auth: server.username ? { user: server.username, pass: server.password ?? "" } : undefined,
      // The certificate is checked against the host the settings name, not the address connected to.
      tls: { servername: parseIp(server.host) ? undefined : server.host, rejectUnauthorized: true },
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    // A server that answers, slowly, forever: the whole conversation has a limit too.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error("deadline"), { code: "ETIMEDOUT" })), timeoutMs * 3);
    });
    await Promise.race([
      transport.sendMail({ from: server.fromAddress, to: mail.to, subject: mail.subject, text: mail.text }),
      deadline,
    ]);
    return null;
  } catch (err) {
    const failure = describeSmtpError(err, timeoutMs);
    if (failure.errorClass === "other") console.error("e-mail:", err);
    return failure;
  } finally {
    clearTimeout(timer);
    transport?.close();
  }
}
