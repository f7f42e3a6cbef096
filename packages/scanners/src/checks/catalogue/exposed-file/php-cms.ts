// Configuration files of PHP content systems, left where the server sends them as text instead of running them: copies
// of wp-config.php, Joomla's configuration.php, Drupal's settings.php, MediaWiki's LocalSettings.php, TYPO3's
// LocalConfiguration.php, PrestaShop's settings, and Magento's configuration (local.xml is XML and served as is).
// Each is proven by the product's own variable names, never by the status or the file name.
import {
  checks,
  CVSS_READ_HIGH,
  cwe,
  NOT_HTML,
  NOT_HTML_TYPE,
  OK,
  OK_OR_PARTIAL,
  OWASP_FILES,
  secretsRaise,
  text,
} from "../../declare.ts";

const PHP_REFS = [OWASP_FILES, cwe(530), cwe(260)];
const PHP = { regex: [/^\uFEFF?\s*<\?php/] };
const copies = (path: string, ...suffixes: string[]) => suffixes.map((s) => `${path}${s}`);
const REMEDIATION =
  "Delete the copy, deny backup and temporary files on the web server (e.g. nginx: location ~ " +
  "\\.(bak|old|orig|save|swp|txt)$|~$ { deny all; }), and change the database password and keys it holds.";

export default checks([
  {
    kind: "http.exposed.wp-config-backup",
    category: "exposed-file",
    protocol: "http",
    title: "Copy of WordPress's wp-config.php exposed",
    severity: "critical",
    description:
      "The site serves a copy of wp-config.php (.bak, .old, ~, .save…) as text: the database name, user and " +
      "password, and the authentication keys and salts that sign WordPress's login cookies.",
    remediation: `${REMEDIATION} Regenerate the salts (https://api.wordpress.org/secret-key/1.1/salt/).`,
    references: ["https://developer.wordpress.org/advanced-administration/wordpress/wp-config/", ...PHP_REFS],
    cwe: [530, 260],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: [
          ...copies("/wp-config.php", ".bak", "~", ".old", ".save", ".orig", ".txt"),
          ...copies("/wp-config", ".bak", ".old"),
        ],
        match: [OK_OR_PARTIAL, NOT_HTML_TYPE, PHP, { regex: [/define\(\s*['"]DB_(NAME|PASSWORD)['"]\s*,/] }],
        judge: secretsRaise("critical", "define( 'DB_NAME', … )"),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/wp-config.php.bak": text(
              "<?php\n/**\n * The base configuration for WordPress\n */\n// ** Database settings ** //\n" +
                "define( 'DB_NAME', 'wordpress' );\ndefine( 'DB_USER', 'wp_shop' );\n" +
                "define( 'DB_PASSWORD', 'tR7#pLq2vX' );\ndefine( 'DB_HOST', 'localhost' );\n" +
                "define( 'AUTH_KEY', 'x]8A|eB=3:q-Zf0(1Zs2@W>#7Q' );\n$table_prefix = 'wp_';\n",
              { "content-type": "application/x-trash" },
            ),
          },
        },
        {
          server: "nginx",
          routes: {
            "/wp-config.php~": {
              headers: { "content-type": "application/octet-stream" },
              body: "<?php\ndefine('DB_NAME', 'blog');\ndefine('DB_USER', 'root');\ndefine('DB_PASSWORD', '');\n",
            },
          },
        },
      ],
      // Apache runs wp-config.php itself (an empty page) and has no copy.
      clean: { server: "apache", routes: { "/wp-config.php": { headers: { "content-type": "text/html" }, body: "" } } },
    },
  },
  {
    kind: "http.exposed.joomla-config-backup",
    category: "exposed-file",
    protocol: "http",
    title: "Copy of Joomla's configuration.php exposed",
    severity: "critical",
    description:
      "The site serves a copy of Joomla's configuration.php as text: the JConfig class with the database " +
      "credentials, the site's secret, the mail server's password and the paths of the installation.",
    remediation: `${REMEDIATION} Change the secret in Global Configuration.`,
    references: ["https://docs.joomla.org/Security_Checklist/Joomla!_Setup", ...PHP_REFS],
    cwe: [530, 260],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: copies("/configuration.php", "~", ".bak", ".old", ".save", ".orig", ".txt"),
        match: [
          OK_OR_PARTIAL,
          NOT_HTML_TYPE,
          PHP,
          { regex: [/class\s+JConfig\s*\{/, /public\s+\$(password|secret)\s*=/] },
        ],
        judge: secretsRaise("critical", "class JConfig { public $password = … }"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/configuration.php~": text(
            "<?php\nclass JConfig {\n\tpublic $offline = false;\n\tpublic $sitename = 'Shop';\n" +
              "\tpublic $dbtype = 'mysqli';\n\tpublic $host = 'localhost';\n\tpublic $user = 'joomla';\n" +
              "\tpublic $password = 'Qm4!zt8Lw';\n\tpublic $db = 'joomla';\n\tpublic $dbprefix = 'jos_';\n" +
              "\tpublic $secret = 'FBVtggIk5lAzEU9H';\n}\n",
          ),
        },
      },
      clean: {
        server: "apache",
        routes: { "/configuration.php": { headers: { "content-type": "text/html" }, body: "" } },
      },
    },
  },
  {
    kind: "http.exposed.drupal-settings-backup",
    category: "exposed-file",
    protocol: "http",
    title: "Copy of Drupal's settings.php exposed",
    severity: "critical",
    description:
      "The site serves a copy of Drupal's sites/default/settings.php as text: the database credentials and the hash " +
      "salt that protects one-time login links and form tokens.",
    remediation: `${REMEDIATION} Set a new $settings['hash_salt'].`,
    references: ["https://www.drupal.org/docs/security-in-drupal/securing-file-permissions-and-ownership", ...PHP_REFS],
    cwe: [530, 260],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: copies("/sites/default/settings.php", "~", ".bak", ".old", ".orig", ".save"),
        match: [
          OK_OR_PARTIAL,
          NOT_HTML_TYPE,
          PHP,
          { regex: [/\$databases\s*(\[\s*'default'|=\s*(array|\[))|\$db_url\s*=\s*'\w+:\/\//] },
        ],
        judge: secretsRaise("critical", "$databases['default']['default'] = …"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/sites/default/settings.php.bak": text(
            "<?php\n\n$databases['default']['default'] = array (\n  'database' => 'drupal',\n  'username' => " +
              "'drupal',\n  'password' => 'p8Vd!x2Qr',\n  'host' => 'db',\n  'port' => '3306',\n  'driver' => " +
              "'mysql',\n);\n$settings['hash_salt'] = 'kZ3Hq9-8nWl0pYb2sT5uVx';\n",
          ),
        },
      },
      clean: { server: "nginx", routes: { "/sites/default/settings.php": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.mediawiki-localsettings-backup",
    category: "exposed-file",
    protocol: "http",
    title: "Copy of MediaWiki's LocalSettings.php exposed",
    severity: "critical",
    description:
      "The site serves a copy of MediaWiki's LocalSettings.php as text: the database password, $wgSecretKey (which " +
      "signs sessions and tokens) and $wgUpgradeKey, with the wiki's extensions and version.",
    remediation: `${REMEDIATION} Set a new $wgSecretKey and $wgUpgradeKey.`,
    references: ["https://www.mediawiki.org/wiki/Manual:LocalSettings.php", ...PHP_REFS],
    cwe: [530, 260],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: [...copies("/LocalSettings.php", "~", ".bak", ".old", ".save"), "/w/LocalSettings.php.bak"],
        match: [OK_OR_PARTIAL, NOT_HTML_TYPE, PHP, { regex: [/\$wg(DBpassword|SecretKey|UpgradeKey)\s*=/] }],
        extract: [{ name: "version", regex: /generated by the MediaWiki ([\d.]+)/ }],
        judge: secretsRaise("critical", "$wgDBpassword = …"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/LocalSettings.php.bak": text(
            "<?php\n# This file was automatically generated by the MediaWiki 1.39.3\n# installer.\n" +
              '$wgSitename = "Acme Wiki";\n$wgDBtype = "mysql";\n$wgDBserver = "localhost";\n$wgDBname = "wiki";\n' +
              '$wgDBuser = "wiki";\n$wgDBpassword = "Kx9!wq3Ze";\n$wgSecretKey = "8f1c2a9e4b7d6c5e3f2a1b0c9d8e7f6a";\n',
          ),
        },
        expect: { extracted: { version: "1.39.3" } },
      },
      clean: { server: "apache", routes: {} },
    },
  },
  {
    kind: "http.exposed.typo3-config-backup",
    category: "exposed-file",
    protocol: "http",
    title: "Copy of TYPO3's LocalConfiguration.php exposed",
    severity: "critical",
    description:
      "The site serves a copy of TYPO3's typo3conf/LocalConfiguration.php as text: the database connection with its " +
      "password, the encryption key and the install tool's password hash.",
    remediation: `${REMEDIATION} Generate a new encryptionKey and install tool password.`,
    references: [
      "https://docs.typo3.org/m/typo3/reference-coreapi/main/en-us/Configuration/ConfigurationFiles/",
      ...PHP_REFS,
    ],
    cwe: [530, 260],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: copies("/typo3conf/LocalConfiguration.php", ".bak", "~", ".old"),
        match: [
          OK_OR_PARTIAL,
          NOT_HTML_TYPE,
          PHP,
          { regex: [/'Connections'\s*=>/, /'(encryptionKey|installToolPassword)'\s*=>/] },
        ],
        judge: secretsRaise("critical", "'DB' => ['Connections' => …]"),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: {
          "/typo3conf/LocalConfiguration.php.bak": text(
            "<?php\nreturn [\n    'BE' => [\n        'installToolPassword' => '$argon2i$v=19$m=65536,t=16,p=1$cGlj" +
              "',\n    ],\n    'DB' => [\n        'Connections' => [\n            'Default' => [\n                " +
              "'dbname' => 'typo3',\n                'host' => 'db',\n                'password' => 'Vb7!kR2pq',\n " +
              "               'user' => 'typo3',\n            ],\n        ],\n    ],\n    'SYS' => [\n        " +
              "'encryptionKey' => '5b1c7f3e9a2d4c6b8e0f1a3c5e7d9b2f4a6c8e0d',\n    ],\n];\n",
          ),
        },
      },
      clean: { server: "apache", routes: { "/typo3conf/LocalConfiguration.php": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.prestashop-config-backup",
    category: "exposed-file",
    protocol: "http",
    title: "Copy of PrestaShop's database settings exposed",
    severity: "critical",
    description:
      "The site serves a copy of PrestaShop's settings (config/settings.inc.php before 1.7, " +
      "app/config/parameters.php " +
      "since) as text: the database credentials, the cookie key and the secret that protect customer sessions.",
    remediation: `${REMEDIATION} Change the cookie key and secret (customers will have to log in again).`,
    references: ["https://devdocs.prestashop-project.org/8/basics/keeping-up-to-date/security/", ...PHP_REFS],
    cwe: [530, 260],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: [
          ...copies("/config/settings.inc.php", ".bak", "~"),
          ...copies("/app/config/parameters.php", ".bak", "~"),
        ],
        match: [OK_OR_PARTIAL, NOT_HTML_TYPE, PHP, { regex: [/define\(\s*'_DB_PASSWD_'|'database_password'\s*=>/] }],
        judge: secretsRaise("critical", "define('_DB_PASSWD_', …)"),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/config/settings.inc.php~": text(
              "<?php\ndefine('_DB_SERVER_', 'localhost');\ndefine('_DB_NAME_', 'prestashop');\n" +
                "define('_DB_USER_', 'ps');\ndefine('_DB_PASSWD_', 'w8Zq!r4Lm');\ndefine('_DB_PREFIX_', 'ps_');\n" +
                "define('_COOKIE_KEY_', 'Yq2o5XKbT8rFvH3nJ0wD6pS1eM9aG4cL7uZ');\n",
            ),
          },
        },
        {
          server: "nginx",
          routes: {
            "/app/config/parameters.php.bak": text(
              "<?php return array (\n  'parameters' => \n  array (\n    'database_host' => '127.0.0.1',\n    " +
                "'database_name' => 'prestashop',\n    'database_user' => 'ps',\n    'database_password' => " +
                "'N3v!k9Tq',\n    'secret' => 'a1b2c3d4e5f6',\n  ),\n);\n",
            ),
          },
        },
      ],
      clean: {
        server: "apache",
        routes: { "/config/settings.inc.php": { headers: { "content-type": "text/html" }, body: "" } },
      },
    },
  },
  {
    kind: "http.exposed.magento-config",
    category: "exposed-file",
    protocol: "http",
    title: "Magento configuration exposed (app/etc/local.xml, env.php)",
    severity: "critical",
    description:
      "The site serves Magento's configuration: app/etc/local.xml (Magento 1, XML the server sends as is when the " +
      "folder is not denied) or a copy of app/etc/env.php (Magento 2), with the database credentials, the " +
      "encryption key that decrypts stored payment and integration secrets, and the admin panel's path.",
    remediation:
      "Deny /app/etc (and every folder but pub/ for Magento 2: serve pub/ as the web root), delete copies, change " +
      "the " +
      "database password and rotate the encryption key (bin/magento encryption:key:change).",
    references: [
      "https://experienceleague.adobe.com/en/docs/commerce-operations/configuration-guide/files/config-reference-envphp",
      ...PHP_REFS,
    ],
    cwe: [538, 260],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/app/etc/local.xml"],
        match: [OK, NOT_HTML, { regex: [/<config>/, /<(default_setup>\s*<connection|crypt>\s*<key)>/] }],
        judge: secretsRaise("critical", "<crypt><key>…</key></crypt>"),
      },
      {
        paths: copies("/app/etc/env.php", ".bak", "~", ".old"),
        match: [OK_OR_PARTIAL, NOT_HTML_TYPE, PHP, { regex: [/'crypt'\s*=>\s*(\[|array)/, /'db'\s*=>\s*(\[|array)/] }],
        extract: [{ name: "adminPath", regex: /'frontName'\s*=>\s*'([\w-]+)'/ }],
        judge: secretsRaise("critical", "'crypt' => ['key' => …]"),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "apache",
          routes: {
            "/app/etc/local.xml": text(
              '<?xml version="1.0"?>\n<config>\n    <global>\n        <crypt>\n            <key><![CDATA[8b5c1f0e2d' +
                "4a]]></key>\n        </crypt>\n        <resources>\n            <default_setup>\n                " +
                "<connection>\n                    <host><![CDATA[localhost]]></host>\n                    <username>" +
                "<![CDATA[magento]]></username>\n                    <password><![CDATA[Rk3!v9Pz]]></password>\n" +
                "                </connection>\n            </default_setup>\n        </resources>\n    </global>\n" +
                "</config>\n",
              { "content-type": "application/xml" },
            ),
          },
        },
        {
          server: "nginx",
          routes: {
            "/app/etc/env.php.bak": text(
              "<?php\nreturn [\n    'backend' => [\n        'frontName' => 'admin_7qk2x'\n    ],\n    'crypt' => [\n" +
                "        'key' => 'f3a9c1e7b5d2'\n    ],\n    'db' => [\n        'connection' => [\n            " +
                "'default' => [\n                'host' => 'localhost',\n                'username' => 'magento',\n" +
                "                'password' => 'Ht6!qW2x'\n            ]\n        ]\n    ]\n];\n",
            ),
          },
          expect: { extracted: { adminPath: "admin_7qk2x" } },
        },
      ],
      clean: { server: "apache", routes: { "/app/etc/local.xml": { status: 403 } } },
    },
  },
]);
