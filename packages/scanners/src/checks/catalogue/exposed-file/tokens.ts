// Secret API keys and tokens shipped to browsers: in the home page or in the scripts it loads (at most eight, same
// origin). Each provider's key is recognised by its documented prefix and length, never by a variable's name, and
// shown masked. Keys meant to be public (Stripe's pk_live_, Google's browser keys) are not findings.
import { checks, cwe, html, OK, text, type CheckDeclaration, type HttpFixture } from "../../declare.ts";

const REFS = [cwe(798), cwe(200), "https://owasp.org/www-project-top-ten/2017/A3_2017-Sensitive_Data_Exposure"];
const SERVER_SIDE = "Keep the key on the server (call the API from your backend), rebuild the bundle without it,";
/** Read and act with the key's rights in the provider's account (no availability impact claimed). */
const CVSS_API_KEY = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N";

interface TokenSpec {
  kind: string;
  title: string;
  severity: CheckDeclaration["severity"];
  description: string;
  remediation: string;
  reference: string;
  cvss?: string;
  /** The token, without flags (a global copy is made to find it). */
  token: RegExp;
  /** How many of the token's characters the evidence shows (its prefix). */
  shown: number;
  /** A token of the right shape for the stand-in (fixtures only, never a real key). */
  sample: string;
  /** What the same script holds on a clean site (a public key, a placeholder, a too-short look-alike). */
  nearMiss: string;
}

const page = (script: string) =>
  html(
    `<!doctype html><html><head><title>Shop</title><script src="${script}" defer></script></head><body></body></html>`,
  );

function tokenCheck(t: TokenSpec): CheckDeclaration {
  const judge = (r: { body: string }) => {
    const m = t.token.exec(r.body);
    return m ? { matched: `${m[0].slice(0, t.shown)}…` } : null;
  };
  const vulnerable: HttpFixture[] = [
    {
      server: "nginx",
      routes: {
        "/": page("/static/js/main.3f2a9c.js"),
        "/static/js/main.3f2a9c.js": text(`!function(){var e={key:"${t.sample}",env:"production"};window.cfg=e}();\n`, {
          "content-type": "application/javascript",
        }),
      },
    },
    {
      server: "express",
      routes: {
        "/": html(`<!doctype html><html><head><script>window.__CONFIG__={"k":"${t.sample}"}</script></head></html>`),
      },
    },
  ];
  return {
    kind: t.kind,
    category: "exposed-file",
    protocol: "http",
    title: t.title,
    severity: t.severity,
    description: t.description,
    remediation: t.remediation,
    references: [t.reference, ...REFS],
    cwe: [798, 200],
    cvss: t.cvss ?? CVSS_API_KEY,
    detect: {
      root: true,
      match: [{ regex: [/<script\b/i] }],
      extract: [{ name: "scripts", regex: /<script\b[^>]*\bsrc=["']([^"']+)["']/i, all: true }],
    },
    http: [
      { root: true, match: [OK, { regex: [t.token] }], judge },
      { paths: ["{{scripts}}"], match: [OK, { regex: [t.token] }], judge },
    ],
    fixtures: {
      vulnerable,
      clean: {
        server: "nginx",
        routes: {
          "/": page("/static/js/main.3f2a9c.js"),
          "/static/js/main.3f2a9c.js": text(`!function(){window.cfg={key:"${t.nearMiss}"}}();\n`, {
            "content-type": "application/javascript",
          }),
        },
      },
    },
  };
}

export default checks([
  tokenCheck({
    kind: "http.exposed.stripe-secret-key",
    title: "Stripe secret key in the site's scripts",
    severity: "critical",
    description:
      "The site sends browsers a Stripe live secret or restricted key (sk_live_, rk_live_): whoever reads it lists " +
      "customers and payments, issues refunds and changes the account's settings as the API allows.",
    remediation:
      `${SERVER_SIDE} and roll the key in the Stripe dashboard (Developers, API keys). Browsers only ` +
      `need the publishable key (pk_live_).`,
    reference: "https://docs.stripe.com/keys",
    token: /\b[sr]k_live_[0-9a-zA-Z]{24,99}\b/,
    shown: 12,
    sample: "sk_live_51Hx9qLmQ2eZk8Yt4Vb3n7Rw",
    nearMiss: "pk_live_51Hx9qLmQ2eZk8Yt4Vb3n7Rw",
  }),
  tokenCheck({
    kind: "http.exposed.github-token",
    title: "GitHub token in the site's scripts",
    severity: "critical",
    description:
      "The site sends browsers a GitHub token (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_): whoever reads it acts on " +
      "the repositories and organisations the token reaches, private ones included.",
    remediation:
      `${SERVER_SIDE} and revoke the token (Settings, Developer settings; an app's installation token ` +
      `expires but the app's key must be rotated).`,
    reference:
      "https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/about-authentication-to-github#githubs-token-formats",
    token: /\b(gh[pousr]_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59})\b/,
    shown: 8,
    sample: "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
    nearMiss: "ghp_xxxxxxxx",
  }),
  tokenCheck({
    kind: "http.exposed.gitlab-token",
    title: "GitLab access token in the site's scripts",
    severity: "critical",
    description:
      "The site sends browsers a GitLab personal, project or group access token (glpat-): whoever reads it reaches " +
      "the projects, registries and CI variables the token's scopes allow.",
    remediation: `${SERVER_SIDE} and revoke the token (User settings, Access tokens; or the project's or group's).`,
    reference: "https://docs.gitlab.com/ee/security/tokens/",
    token: /\bglpat-[0-9A-Za-z_-]{20,}/,
    shown: 10,
    sample: "glpat-Xq2e9LmKz8Yt4Vb3n7Rw",
    nearMiss: "glpat-<your-token>",
  }),
  tokenCheck({
    kind: "http.exposed.slack-token",
    title: "Slack API token in the site's scripts",
    severity: "high",
    description:
      "The site sends browsers a Slack API token (xoxb- bot, xoxp- user, xoxa-/xoxr-/xoxs-): whoever reads it reads " +
      "the channels and messages the token can, and posts as the app or user.",
    remediation: `${SERVER_SIDE} and revoke it (api.slack.com/apps, OAuth & Permissions, or auth.revoke).`,
    reference: "https://api.slack.com/authentication/token-types",
    token: /\bxox[baprs]-\d{6,13}-\d{6,13}(-\d{6,13})?-[0-9A-Za-z]{24,34}\b/,
    shown: 10,
    sample: "xoxb-2620145731-5130918122403-Xq2e9LmKz8Yt4Vb3n7RwQ1aZ",
    nearMiss: "xoxb-not-a-token",
  }),
  tokenCheck({
    kind: "http.exposed.slack-webhook",
    title: "Slack incoming webhook in the site's scripts",
    severity: "medium",
    description:
      "The site sends browsers a Slack incoming-webhook URL: whoever reads it posts messages into the workspace's " +
      "channel as the integration (convincing phishing to the team).",
    remediation:
      `${SERVER_SIDE} and remove the webhook in the Slack app's ` + "Incoming Webhooks settings (a new URL is issued).",
    reference: "https://api.slack.com/messaging/webhooks",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:L/A:N",
    token: /https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]{8,12}\/B[A-Z0-9]{8,12}\/[A-Za-z0-9]{24}\b/,
    shown: 44,
    sample: "https://hooks.slack.com/services/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",
    nearMiss: "https://hooks.slack.com/services/T000/B000/XXXX",
  }),
  tokenCheck({
    kind: "http.exposed.sendgrid-api-key",
    title: "SendGrid API key in the site's scripts",
    severity: "high",
    description:
      "The site sends browsers a SendGrid API key (SG.…): whoever reads it sends mail as the organisation's " +
      "authenticated domains (phishing that passes SPF and DKIM) and, with full access, reads its contacts.",
    remediation: `${SERVER_SIDE} and delete the key in SendGrid (Settings, API Keys).`,
    reference: "https://www.twilio.com/docs/sendgrid/ui/account-and-settings/api-keys",
    token: /\bSG\.[\w-]{22}\.[\w-]{43}\b/,
    shown: 8,
    sample: "SG.Xq2e9LmKz8Yt4Vb3n7RwQ1.aZ8Yt4Vb3n7RwQ1aZXq2e9LmKz8Yt4Vb3n7RwQ1aZXq",
    nearMiss: "SG.xxxxxxxx.yyyyyyyy",
  }),
  tokenCheck({
    kind: "http.exposed.openai-api-key",
    title: "OpenAI API key in the site's scripts",
    severity: "high",
    description:
      "The site sends browsers an OpenAI API key: whoever reads it runs requests billed to the organisation and " +
      "reads the files, assistants and fine-tuned models the key's project holds.",
    remediation:
      `${SERVER_SIDE} proxy requests through your backend, and revoke ` + "the key (platform.openai.com, API keys).",
    reference: "https://platform.openai.com/docs/api-reference/authentication",
    token: /\bsk-(?:(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}|[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20})/,
    shown: 12,
    sample: "sk-proj-Xq2e9LmKz8Yt4Vb3n7RwQ1aZXq2e9LmKz8Yt4Vb3n7RwQ1aZ",
    nearMiss: "sk-proj-your-key-here",
  }),
  tokenCheck({
    kind: "http.exposed.aws-keys-in-script",
    title: "AWS access key and secret in the site's scripts",
    severity: "critical",
    description:
      "The site sends browsers an AWS access key id with its secret access key: whoever reads them acts in the AWS " +
      "account with that user's permissions (buckets, instances, billing).",
    remediation:
      `${SERVER_SIDE} deactivate the key in IAM now, and give browsers temporary credentials (Cognito ` +
      `identity pools, pre-signed URLs) instead.`,
    reference: "https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html",
    // The id, then (within 200 characters) a quoted 40-character secret (not a hex digest, such as a commit id).
    token: /\b(AKIA|ASIA)[A-Z0-9]{16}\b[\s\S]{1,200}?["'](?![0-9a-f]{40}["'])[A-Za-z0-9/+]{40}["']/,
    shown: 8,
    sample: 'AKIAZ7Q2E9LMKZ8YT4VB", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq2e9LmKz8',
    nearMiss: "AKIAZ7Q2E9LMKZ8YT4VB",
  }),
  tokenCheck({
    kind: "http.exposed.private-key-in-script",
    title: "Private key in the site's scripts",
    severity: "critical",
    description:
      "The site sends browsers a PEM private key embedded in a script (a JWT signing key, a service's client key): " +
      "whoever reads it signs tokens the backend trusts or authenticates as the key's owner.",
    remediation: `${SERVER_SIDE} and replace the key pair (and revoke certificates or trust set up for the old one).`,
    reference: "https://cwe.mitre.org/data/definitions/321.html",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
    // In a JS string the line breaks are "\\n" escapes.
    token: /-----BEGIN (RSA |EC |OPENSSH |ENCRYPTED )?PRIVATE KEY-----(\\n|\s)+[A-Za-z0-9+/]{40}/,
    shown: 38,
    sample: "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\\n",
    nearMiss: "-----BEGIN PUBLIC KEY-----\\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1L7\\n",
  }),
  tokenCheck({
    kind: "http.exposed.npm-token-in-script",
    title: "npm access token in the site's scripts",
    severity: "critical",
    description:
      "The site sends browsers an npm access token (npm_): whoever reads it installs the organisation's private " +
      "packages and, with a publish token, ships malicious versions of them to every user.",
    remediation: `${SERVER_SIDE} and revoke the token (npm token revoke, or npmjs.com, Access Tokens).`,
    reference: "https://docs.npmjs.com/about-access-tokens",
    token: /\bnpm_[A-Za-z0-9]{36}\b/,
    shown: 8,
    sample: "npm_8b3fZx0qQm1c2d3e4f5g6h7i8j9k0LaBcDeF",
    nearMiss: "npm_TOKEN",
  }),
  tokenCheck({
    kind: "http.exposed.shopify-token",
    title: "Shopify access token in the site's scripts",
    severity: "critical",
    description:
      "The site sends browsers a Shopify Admin API access token or app secret (shpat_, shpca_, shppa_, shpss_): " +
      "whoever reads it reads and changes the store's orders, customers and products.",
    remediation: `${SERVER_SIDE} and rotate it (uninstall and reinstall the custom app, or rotate the app's secret).`,
    reference:
      "https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens/generate-app-access-tokens-admin",
    token: /\bshp(at|ca|pa|ss)_[a-fA-F0-9]{32}\b/,
    shown: 10,
    sample: "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",
    nearMiss: "shpat_xxxxxxxx",
  }),
  tokenCheck({
    kind: "http.exposed.mailchimp-api-key",
    title: "Mailchimp API key in the site's scripts",
    severity: "high",
    description:
      "The site sends browsers a Mailchimp API key (32 hex digits, a dash and the data centre): whoever reads it " +
      "exports the audience (names and e-mail addresses) and sends campaigns as the organisation.",
    remediation: `${SERVER_SIDE} and disable the key in Mailchimp (Account, Extras, API keys).`,
    reference: "https://mailchimp.com/developer/marketing/guides/quick-start/#generate-your-api-key",
    token: /\b[0-9a-f]{32}-us\d{1,2}\b/,
    shown: 6,
    sample: "9f2c1e8a7b6d5c4e3f2a1b0c9d8e7f6a-us21",
    nearMiss: "your-api-key-us21",
  }),
  tokenCheck({
    kind: "http.exposed.telegram-bot-token",
    title: "Telegram bot token in the site's scripts",
    severity: "high",
    description:
      "The site sends browsers a Telegram bot token: whoever reads it controls the bot, reads the messages sent to " +
      "it and writes to every chat it belongs to as the bot.",
    remediation: `${SERVER_SIDE} and revoke it with @BotFather (/revoke), then give the backend the new token.`,
    reference: "https://core.telegram.org/bots/api#authorizing-your-bot",
    token: /\b\d{8,10}:AA[0-9A-Za-z_-]{33}\b/,
    shown: 14,
    sample: "6071234567:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw9",
    nearMiss: "6071234567:TOKEN",
  }),
  tokenCheck({
    kind: "http.exposed.discord-webhook",
    title: "Discord webhook in the site's scripts",
    severity: "medium",
    description:
      "The site sends browsers a Discord webhook URL: whoever reads it posts into the server's channel as the " +
      "webhook (phishing to the community) and can delete the webhook.",
    remediation: `${SERVER_SIDE} and delete the webhook in the channel's settings (Integrations, Webhooks).`,
    reference: "https://discord.com/developers/docs/resources/webhook",
    cvss: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:L/A:L",
    token: /https:\/\/(?:canary\.|ptb\.)?discord(?:app)?\.com\/api\/webhooks\/\d{17,20}\/[\w-]{60,68}/,
    shown: 48,
    sample:
      "https://discord.com/api/webhooks/1217345678901234567/Xq2e9LmKz8Yt4Vb3n7RwQ1aZXq2e9LmKz8Yt4Vb3n7RwQ1aZXq2e9LmKz8Yt4Vb3n7Rw",
    nearMiss: "https://discord.com/api/webhooks/ID/TOKEN",
  }),
]);
