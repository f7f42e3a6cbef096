import type { Metadata } from "next";
import { EmailView } from "./email-view";

export const metadata: Metadata = { title: "E-mail" };

export default function EmailPage() {
  return <EmailView />;
}
