// Source forges, issue trackers, CI servers, artifact repositories and code-quality tools: each holds the company's
// source, secrets in its settings or builds, or both.
import { checks, html, json, JSON_TYPE, OK, text } from "../../declare.ts";
import { panel } from "../../kit.ts";

const SSO = "Put it behind the company's single sign-on";

export default checks([
  panel({
    slug: "gitlab",
    product: "GitLab",
    description:
      "GitLab's sign-in page answers from the internet: the source, CI variables and deploy keys of every " +
      "project are one password away, and GitLab has had pre-authentication flaws (CVE-2021-22205).",
    fix:
      `${SSO}, disable open sign-up (Admin > Settings > Sign-up restrictions) and enforce two-factor ` +
      "authentication.",
    docs: "https://docs.gitlab.com/ee/security/",
    http: [
      {
        paths: ["/users/sign_in"],
        match: [OK, { regex: [/<meta content="GitLab" property="og:site_name">/, /name="user\[login\]"/] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/users/sign_in": html(
            '<!DOCTYPE html>\n<html class="gl-light" lang="en">\n<head prefix="og: http://ogp.me/ns#">\n<meta ' +
              'content="GitLab" property="og:site_name">\n<meta content="Sign in · GitLab" property="og:title">\n' +
              '<title>Sign in · GitLab</title>\n<script>\n//<![CDATA[\nwindow.gon={};gon.api_version="v4";\n//]]>' +
              '\n</script>\n</head>\n<body><form class="new_user" id="new_user" action="/users/sign_in" ' +
              'method="post">' +
              '<input type="text" name="user[login]" id="user_login"></form></body>\n</html>\n',
          ),
        },
      },
      clean: { server: "nginx", routes: {} },
    },
  }),
  panel({
    slug: "gitea",
    product: "Gitea",
    description:
      "Gitea's sign-in page answers from the internet: the repositories, and the deploy keys and Actions secrets " +
      "they hold, are one password away, and open registration gives anyone an account.",
    fix:
      "Disable registration ([service] DISABLE_REGISTRATION = true), require sign-in to view (REQUIRE_SIGNIN_VIEW " +
      "= true) and enforce two-factor authentication.",
    docs: "https://docs.gitea.com/administration/config-cheat-sheet#service-service",
    http: [
      {
        paths: ["/user/login"],
        match: [OK, { regex: [/Powered by Gitea|content="Gitea - Git with a cup of tea"/, /name="user_name"/] }],
        extract: [{ name: "version", regex: /Powered by Gitea<\/a>\s*Version:\s*([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/user/login": html(
            '<!DOCTYPE html>\n<html lang="en-US" data-theme="gitea-auto">\n<head>\n\t<title>Sign In - Gitea: Git ' +
              'with a cup of tea</title>\n\t<meta name="author" content="Gitea - Git with a cup of tea">\n</head>\n' +
              '<body>\n<form class="ui form" action="/user/login" method="post"><input id="user_name" type="text" ' +
              'name="user_name"></form>\n<footer class="page-footer" role="group" aria-label="Footer"><div class=' +
              '"left-links" role="contentinfo" aria-label="About Software"><a target="_blank" rel="noopener ' +
              'noreferrer" href="https://about.gitea.com">Powered by Gitea</a>\n\t\tVersion:\n\t\t\t1.21.4 \n\t\t' +
              "Page: <strong>3ms</strong></div></footer>\n</body>\n</html>\n",
          ),
        },
        expect: { extracted: { version: "1.21.4" } },
      },
      clean: { server: "go", routes: {} },
    },
  }),
  panel({
    slug: "gogs",
    product: "Gogs",
    description:
      "Gogs's sign-in page answers from the internet: the repositories are one password away, open registration " +
      "gives anyone an account, and Gogs has had unpatched flaws that run code for any logged-in user.",
    fix:
      "Disable registration ([service] DISABLE_REGISTRATION = true, REQUIRE_SIGNIN_VIEW = true), or migrate to a " +
      "maintained forge.",
    docs: "https://gogs.io/docs/advanced/configuration_cheat_sheet",
    http: [
      {
        paths: ["/user/login"],
        match: [OK, { regex: [/<meta name="author" content="Gogs" \/>|Gogs Version:/, /name="user_name"/] }],
        extract: [{ name: "version", regex: /Gogs Version: ([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        routes: {
          "/user/login": html(
            '<!DOCTYPE html>\n<html>\n<head>\n<meta name="author" content="Gogs" />\n<title>Sign In - Gogs</title>' +
              '\n</head>\n<body>\n<form class="ui form" action="/user/login" method="post"><input id="user_name" ' +
              'name="user_name" required></form>\n<footer><div class="ui container"><div class="ui left">© 2024 ' +
              "Gogs Version: 0.13.0 Page: <strong>1ms</strong> Template: <strong>1ms</strong></div></div></footer>" +
              "\n</body>\n</html>\n",
          ),
        },
        expect: { extracted: { version: "0.13.0" } },
      },
      clean: { server: "go", routes: {} },
    },
  }),
  panel({
    slug: "bitbucket",
    product: "Bitbucket Data Center",
    description:
      "Bitbucket Server / Data Center's login page answers from the internet: the source of every project is one " +
      "password away, and Bitbucket has had pre-authentication command injection (CVE-2022-36804, public repos).",
    fix: `${SSO} and keep it patched; reach it through a VPN when it has no public projects.`,
    docs: "https://confluence.atlassian.com/bitbucketserver/secure-bitbucket-in-your-organization-776640032.html",
    http: [
      {
        paths: ["/login"],
        match: [OK, { regex: [/<meta name="application-name" content="Bitbucket">/] }],
        extract: [{ name: "version", regex: /id="product-version"[^>]*>\s*v([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/login": html(
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="application-name" content=' +
              '"Bitbucket"><title>Log in - Bitbucket</title></head><body><form id="j-login" action="/j_atl_security' +
              '_check" method="post"></form><footer><ul><li>Atlassian Bitbucket <span title="7c0b3b1" id="product-' +
              'version" data-system-build-number="7c0b3b1"> v8.9.5</span></li></ul></footer></body></html>',
          ),
        },
        expect: { extracted: { version: "8.9.5" } },
      },
      clean: { server: "tomcat", routes: {} },
    },
  }),
  panel({
    slug: "jira",
    product: "Jira",
    description:
      "Jira's login page answers from the internet: the issues (often with credentials and incident details) are " +
      "one password away, and Jira has had pre-authentication flaws (user enumeration, SSRF, template injection).",
    fix: `${SSO}, disable public sign-up and anonymous access (Project permissions: no 'Anyone on the web').`,
    docs: "https://confluence.atlassian.com/adminjiraserver/configuring-jira-application-options-938847824.html",
    http: [
      {
        paths: ["/login.jsp"],
        match: [OK, { regex: [/<meta name="application-name" content="JIRA"/] }],
        extract: [{ name: "version", regex: /data-version="([\d.]+)"/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/login.jsp": html(
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Log in - Jira</title><meta name=' +
              '"application-name" content="JIRA" data-name="jira" data-version="9.12.2"><meta name="ajs-version-' +
              'number" content="9.12.2"></head><body id="jira"><form id="login-form" action="/login.jsp" method=' +
              '"post"><input type="text" name="os_username" id="login-form-username"></form></body></html>',
          ),
        },
        expect: { extracted: { version: "9.12.2" } },
      },
      clean: { server: "tomcat", routes: {} },
    },
  }),
  panel({
    slug: "confluence",
    product: "Confluence",
    description:
      "Confluence's login page answers from the internet: the company's documentation (architecture, runbooks, " +
      "passwords pasted in pages) is one password away, and Confluence has had pre-authentication remote code " +
      "execution (CVE-2022-26134, CVE-2023-22527).",
    fix: `${SSO}, disable anonymous access and public sign-up, and keep it patched.`,
    docs: "https://confluence.atlassian.com/doc/confluence-security-overview-and-advisories-134526.html",
    http: [
      {
        paths: ["/login.action"],
        match: [
          OK,
          { regex: [/name="confluence-(request-time|base-url)"|Atlassian Confluence/, /name="ajs-version-number"/] },
        ],
        extract: [{ name: "version", regex: /name="ajs-version-number" content="([\d.]+)"/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/login.action": html(
            '<!DOCTYPE html><html><head><title>Log In - Confluence</title><meta name="confluence-request-time" ' +
              'content="1772445600000"><meta name="ajs-version-number" content="8.5.4"></head><body><form name=' +
              '"loginform" method="POST" action="/dologin.action"><input type="text" name="os_username"></form><div ' +
              'id="footer"><span id="footer-build-information">8.5.4</span> Atlassian Confluence</div></body></html>',
          ),
        },
        expect: { extracted: { version: "8.5.4" } },
      },
      clean: { server: "tomcat", routes: {} },
    },
  }),
  panel({
    slug: "sonarqube",
    product: "SonarQube",
    description:
      "SonarQube answers from the internet: its projects hold the source code and the findings about it, the " +
      "shipped admin / admin account is often left, and forced authentication is off on older installations.",
    fix:
      "Turn on forced authentication (sonar.forceAuthentication=true), change the admin password, and " +
      `${SSO.toLowerCase()}.`,
    docs: "https://docs.sonarsource.com/sonarqube/latest/instance-administration/security/",
    http: [
      {
        paths: ["/api/system/status"],
        match: [
          OK,
          JSON_TYPE,
          {
            json: {
              id: "string",
              version: /^\d+\.\d+\.\d+\.\d+$/,
              status: /^(UP|STARTING|DOWN|RESTARTING|DB_MIGRATION_NEEDED|DB_MIGRATION_RUNNING)$/,
            },
          },
        ],
        extract: [{ name: "version", json: "version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/api/system/status": json({ id: "243B8A4D-AYOxW6Y7hlVuwbYb0hFB", version: "10.4.1.88267", status: "UP" }),
        },
        expect: { extracted: { version: "10.4.1.88267" } },
      },
      clean: { server: "tomcat", routes: {} },
    },
  }),
  panel({
    slug: "nexus",
    product: "Sonatype Nexus Repository",
    description:
      "Nexus Repository Manager answers from the internet: the artifacts and the credentials of its proxy " +
      "repositories are one password away, older versions shipped admin / admin123, and anonymous access is " +
      "often left on.",
    fix:
      "Disable anonymous access (Security > Anonymous Access), change the admin password, and reach the UI only " +
      "from the build network.",
    docs: "https://help.sonatype.com/en/anonymous-access.html",
    http: [
      {
        root: true,
        match: [OK, { part: "header:server", regex: [/^Nexus\/[\d.]+/] }, { regex: [/Nexus Repository/i] }],
        extract: [{ name: "version", part: "header:server", regex: /^Nexus\/([\d.]+(?:-\d+)?)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "jetty",
        routes: {
          "/": html(
            '<!DOCTYPE html><html lang="en"><head><title>Sonatype Nexus Repository</title></head><body><div id=' +
              '"loading-mask"></div></body></html>',
            200,
            { server: "Nexus/3.61.0-02 (OSS)" },
          ),
        },
        expect: { extracted: { version: "3.61.0-02" } },
      },
      clean: { server: "jetty", routes: { "/": html("<!doctype html><title>Acme</title>") } },
    },
  }),
  panel({
    slug: "artifactory",
    product: "JFrog Artifactory",
    description:
      "JFrog Artifactory answers from the internet: the company's build artifacts and the credentials of its " +
      "remote repositories are one password away, and anonymous access is often left on.",
    fix: "Disable anonymous access (Administration > Security > General), and reach it only from the build network.",
    docs: "https://jfrog.com/help/r/jfrog-platform-administration-documentation/manage-security",
    http: [
      {
        paths: ["/artifactory/api/system/ping"],
        match: [OK, { part: "header:x-jfrog-version", regex: [/Artifactory\/[\d.]+/] }],
        extract: [{ name: "version", part: "header:x-jfrog-version", regex: /Artifactory\/([\d.]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/artifactory/api/system/ping": text("OK", {
            "x-jfrog-version": "Artifactory/7.71.5 77105900",
            "x-artifactory-id": "0a1b2c3d4e5f",
          }),
        },
        expect: { extracted: { version: "7.71.5" } },
      },
      clean: { server: "tomcat", routes: {} },
    },
  }),
  panel({
    slug: "harbor",
    product: "Harbor",
    description:
      "The Harbor container registry answers from the internet with its version: its images (and the secrets " +
      "baked into them) are one password away. With self-registration on, anyone can create an account (reported " +
      "as medium).",
    fix:
      "Turn self-registration off (Configuration > Authentication), make projects private, change the admin " +
      "password, and use OIDC.",
    docs: "https://goharbor.io/docs/latest/administration/configure-authentication/",
    http: [
      {
        paths: ["/api/v2.0/systeminfo"],
        match: [
          OK,
          JSON_TYPE,
          { json: { harbor_version: /^v\d+\.\d+/, auth_mode: "string", self_registration: true } },
        ],
        extract: [{ name: "version", json: "harbor_version" }],
        severity: "medium",
      },
      {
        paths: ["/api/v2.0/systeminfo"],
        match: [OK, JSON_TYPE, { json: { harbor_version: /^v\d+\.\d+/, auth_mode: "string" } }],
        extract: [{ name: "version", json: "harbor_version" }],
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/api/v2.0/systeminfo": json({
              auth_mode: "db_auth",
              harbor_version: "v2.9.1-5c1d2e9f",
              primary_auth_mode: false,
              self_registration: true,
            }),
          },
          expect: { severity: "medium", extracted: { version: "v2.9.1-5c1d2e9f" } },
        },
        {
          server: "nginx",
          routes: {
            "/api/v2.0/systeminfo": json({
              auth_mode: "oidc_auth",
              harbor_version: "v2.10.0-b6de84c5",
              self_registration: false,
            }),
          },
          expect: { severity: "low" },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  }),
  panel({
    slug: "teamcity",
    product: "TeamCity",
    description:
      "JetBrains TeamCity's login page answers from the internet: build configurations, their secrets and the " +
      "agents that run code are one password away, and TeamCity has had authentication bypasses exploited at " +
      "scale (CVE-2023-42793, CVE-2024-27198).",
    fix: `${SSO}, disable guest login and self-registration, and keep it patched.`,
    docs: "https://www.jetbrains.com/help/teamcity/security-notes.html",
    http: [
      {
        paths: ["/login.html"],
        match: [OK, { regex: [/Log in to TeamCity/] }],
        extract: [{ name: "version", regex: /TeamCity (?:Professional |Enterprise )?(\d{4}\.\d+(?:\.\d+)?) \(build/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "tomcat",
        routes: {
          "/login.html": html(
            "<!DOCTYPE html><html><head><title>Log in to TeamCity &mdash; TeamCity</title></head><body><div id=" +
              '"loginPage"><h1>Log in to TeamCity</h1><form action="/loginSubmit.html" method="post"></form></div>' +
              '<div class="loginFooter">TeamCity Professional 2023.11.1 (build 147412)</div></body></html>',
          ),
        },
        expect: { extracted: { version: "2023.11.1" } },
      },
      clean: { server: "tomcat", routes: {} },
    },
  }),
]);
