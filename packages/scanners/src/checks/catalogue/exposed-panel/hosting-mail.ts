// Hosting control panels (cPanel, WHM, Plesk, DirectAdmin) and webmail (Roundcube, SquirrelMail, Zimbra, Outlook on
// the web). Webmail is meant for the public (info) but names the mail server and its version; a hosting panel
// controls every site and mailbox of the host behind one password (low to medium).
import { checks, html, OK } from "../../declare.ts";
import { panel, type PanelSpec } from "../../kit.ts";

const PAGE = html("<!doctype html><title>Acme</title>");

/**
 * cPanel and WHM: the same daemon (cpsrvd, which names itself and its build in the Server header) serving one login
 * page or the other, told apart by the page's title.
 */
function cpsrvd(spec: Omit<PanelSpec, "http" | "fixtures"> & { page: string }) {
  const { page, ...rest } = spec;
  const title = new RegExp(`<title>${page}</title>`);
  return panel({
    ...rest,
    http: [
      {
        root: true,
        match: [OK, { part: "header:server", regex: [/^cpsrvd/] }, { regex: [title] }],
        extract: [{ name: "version", part: "header:server", regex: /^cpsrvd\/([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/": html(
            `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>${page}</title><link ` +
              'rel="stylesheet" href="/unprotected/cpanel/style_v2_optimized.css"></head><body><form id="login_form" ' +
              'action="/login/?login_only=1" method="post"><input name="user" id="user"></form></body></html>',
            200,
            { server: "cpsrvd/11.116.0.11" },
          ),
        },
        expect: { extracted: { version: "11.116.0.11" } },
      },
      clean: { server: "go", scheme: "https", routes: { "/": PAGE } },
    },
  });
}

export default checks([
  cpsrvd({
    slug: "cpanel",
    product: "cPanel",
    page: "cPanel Login",
    description:
      "cPanel's login answers: every site, database, mailbox and file of the account is one password away, a " +
      "favourite target of credential stuffing.",
    fix:
      "Allow the cPanel ports (2082/2083) only from known addresses with cPHulk brute-force protection on, and " +
      "enable two-factor authentication.",
    docs: "https://docs.cpanel.net/whm/security-center/cphulk-brute-force-protection/",
  }),
  cpsrvd({
    slug: "whm",
    product: "cPanel WHM",
    page: "WHM Login",
    title: "WebHost Manager (WHM) login page exposed",
    severity: "medium",
    description:
      "WebHost Manager, the root-level administration of a cPanel server, answers from the internet: every account " +
      "on the host is one password away.",
    fix:
      "Allow port 2087 only from the administrators' addresses (Host Access Control: whostmgrd) and enable " +
      "two-factor authentication.",
    docs: "https://docs.cpanel.net/whm/security-center/host-access-control/",
  }),
  panel({
    slug: "plesk",
    product: "Plesk",
    description:
      "Plesk's login page answers from the internet with its release: every site, database and mailbox of the " +
      "server is one password away.",
    fix:
      "Restrict administrative access by IP (Tools & Settings > Restrict Administrative Access) and enable " +
      "two-factor authentication.",
    docs: "https://docs.plesk.com/en-US/obsidian/administrator-guide/plesk-administration/securing-plesk/restricting-administrative-access.59465/",
    http: [
      {
        paths: ["/login_up.php"],
        match: [OK, { regex: [/<title>Plesk\b[^<]*<\/title>/] }, { regex: [/login_up\.php/] }],
        extract: [{ name: "version", regex: /<title>Plesk (?:Obsidian |Onyx )?([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        scheme: "https",
        routes: {
          "/login_up.php": html(
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Plesk Obsidian 18.0.58</title><link ' +
              'rel="stylesheet" href="/ui-library/plesk-ui-library.css"></head><body><form id="form-login" method=' +
              '"post" action="/login_up.php"><input type="text" name="login_name" ' +
              'id="login_name"></form></body></html>',
          ),
        },
        expect: { extracted: { version: "18.0.58" } },
      },
      clean: { server: "nginx", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "directadmin",
    product: "DirectAdmin",
    description:
      "DirectAdmin's login answers from the internet with its version: the server's sites, databases and " +
      "mailboxes are one password away.",
    fix:
      "Allow port 2222 only from known addresses (CSF/iptables) and enable brute-force monitoring and two-step " +
      "authentication.",
    docs: "https://docs.directadmin.com/directadmin/general-usage/security.html",
    http: [
      {
        root: true,
        match: [OK, { part: "header:server", regex: [/^DirectAdmin Daemon/] }, { regex: [/DirectAdmin/] }],
        extract: [{ name: "version", part: "header:server", regex: /^DirectAdmin Daemon v([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/": html(
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>DirectAdmin Login</title><script ' +
              'type="module" src="/assets/index.js"></script></head><body><div id="app"></div></body></html>',
            200,
            { server: "DirectAdmin Daemon v1.662 Registered to Example Hosting" },
          ),
        },
        expect: { extracted: { version: "1.662" } },
      },
      clean: { server: "go", scheme: "https", routes: { "/": PAGE } },
    },
  }),
  panel({
    slug: "roundcube",
    product: "Roundcube",
    title: "Roundcube webmail exposed",
    severity: "info",
    description:
      "Roundcube webmail answers: the mail server's users log in here, and Roundcube has had cross-site scripting " +
      "and remote code execution flaws exploited against government and business mailboxes.",
    fix:
      "Keep Roundcube on a fixed release (its security releases are frequent) and rate-limit logins (fail2ban on " +
      "its log).",
    docs: "https://roundcube.net/news/",
    http: [
      {
        root: true,
        match: [OK, { regex: [/Roundcube Webmail/] }, { regex: [/rcmail\.set_env|id="rcmloginuser"/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/": html(
            '<!DOCTYPE html>\n<html lang="en"><head><title>Roundcube Webmail :: Welcome to Roundcube Webmail</title>' +
              '<script src="program/js/jquery.min.js?s=1700000000"></script><script type="text/javascript">var rcmail' +
              " = new " +
              'rcube_webmail();\nrcmail.set_env({"task":"login","x_frame_options":"sameorigin","skin":"elastic"' +
              '});</script></head><body><form name="login-form" method="post" action="./?_task=login"><input name="' +
              '_user" id="rcmloginuser" required></form></body></html>',
          ),
        },
      },
      clean: { server: "apache", routes: { "/": PAGE } },
    },
  }),
  panel({
    slug: "squirrelmail",
    product: "SquirrelMail",
    title: "SquirrelMail webmail exposed",
    description:
      "SquirrelMail answers with its version. The project is no longer maintained: its last releases have known " +
      "flaws that will not be fixed, in front of the users' mailboxes.",
    fix: "Replace SquirrelMail with a maintained webmail (Roundcube, SOGo) and remove it from the server.",
    docs: "https://squirrelmail.org/",
    http: [
      {
        paths: ["/src/login.php", "/squirrelmail/src/login.php", "/webmail/src/login.php"],
        match: [OK, { regex: [/<title>[^<]*SquirrelMail - Login<\/title>/] }],
        extract: [{ name: "version", regex: /SquirrelMail version ([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/squirrelmail/src/login.php": html(
            '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">\n<html>\n<head>\n<title>Example Mail - ' +
              'SquirrelMail - Login</title></head>\n<body><form action="redirect.php" method="post" ' +
              'name="login_form">' +
              "<small>SquirrelMail version 1.4.22<br />\n  By the SquirrelMail Project Team<br /></small><input " +
              'type="text" name="login_username"></form></body></html>',
          ),
        },
        expect: { extracted: { version: "1.4.22" } },
      },
      clean: { server: "apache", routes: {} },
    },
  }),
  panel({
    slug: "zimbra",
    product: "Zimbra",
    title: "Zimbra web client exposed",
    severity: "info",
    description:
      "Zimbra's web client answers: the mail and collaboration server is named, and Zimbra has had " +
      "pre-authentication remote code execution flaws exploited in the wild.",
    fix: "Keep Zimbra on a fixed patch level and keep the admin console (port 7071) off the internet.",
    docs: "https://wiki.zimbra.com/wiki/Security_Center",
    http: [
      {
        root: true,
        match: [OK, { regex: [/<title>Zimbra Web Client Sign In<\/title>/] }, { regex: [/zimbra/i] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        scheme: "https",
        routes: {
          "/": html(
            '<!DOCTYPE html>\n<html class="user_font_size_normal" lang="en"><head><title>Zimbra Web Client Sign In' +
              '</title><link rel="stylesheet" type="text/css" href="/css/common,login,zhtml,skin.css?skin=harmony&v=' +
              '230101"></head><body><form method="post" name="loginForm" action="/" accept-charset="UTF-8"><input ' +
              'id="username" name="username" type="text"></form><div class="copyright">Synacor, Inc. Zimbra</div>' +
              "</body></html>",
          ),
        },
      },
      clean: { server: "nginx", scheme: "https", routes: { "/": PAGE } },
    },
  }),
  panel({
    slug: "outlook-web-access",
    product: "Microsoft Exchange",
    title: "Outlook on the web (Exchange) exposed",
    severity: "info",
    description:
      "Outlook on the web answers and its page names the Exchange build: the on-premises Exchange server behind " +
      "it has had pre-authentication remote code execution chains (ProxyLogon, ProxyShell) exploited in the wild.",
    fix:
      "Install the latest Cumulative and Security Updates (the build shown tells which apply), and publish OWA " +
      "only behind pre-authentication (Entra application proxy, a reverse proxy with MFA).",
    docs: "https://learn.microsoft.com/en-us/exchange/new-features/build-numbers-and-release-dates",
    http: [
      {
        paths: ["/owa/auth/logon.aspx"],
        match: [OK, { regex: [/\/owa\/auth\/[\d.]+\/(themes|scripts)\//] }, { regex: [/<title>Outlook<\/title>/] }],
        extract: [{ name: "version", regex: /\/owa\/auth\/([\d.]+)\// }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "iis",
        scheme: "https",
        routes: {
          "/owa/auth/logon.aspx": html(
            '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN">\n<html><head><title>Outlook</title><link rel="' +
              'shortcut icon" href="/owa/auth/15.1.2507/themes/resources/favicon.ico" type="image/x-icon"><script ' +
              'type="text/javascript" ' +
              'src="/owa/auth/15.1.2507/scripts/premium/flogon.js"></script></head><body><form ' +
              'action="/owa/auth.owa" method="POST" name="logonForm"></form></body></html>',
            200,
            { "x-owa-version": "15.1.2507.37", "x-aspnet-version": "4.0.30319" },
          ),
        },
        expect: { extracted: { version: "15.1.2507" } },
      },
      clean: { server: "iis", scheme: "https", routes: {} },
    },
  }),
]);
