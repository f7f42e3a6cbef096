// Infrastructure-as-code left in the web root: Terraform state (every resource's attributes, secrets in clear),
// variables and Terraform Cloud tokens, Ansible inventories and vaults, and a HashiCorp Vault token.
import {
  checks,
  CVSS_CREDENTIALS,
  CVSS_CRACK,
  CVSS_READ_HIGH,
  CVSS_READ_LOW,
  cwe,
  json,
  NOT_HTML,
  NOT_HTML_TYPE,
  OK,
  OK_OR_PARTIAL,
  OWASP_FILES,
  secretsRaise,
  text,
} from "../../declare.ts";

const REFS = [OWASP_FILES, cwe(538)];

export default checks([
  {
    kind: "http.exposed.terraform-state",
    category: "exposed-file",
    protocol: "http",
    title: "Terraform state exposed (terraform.tfstate)",
    severity: "critical",
    description:
      "The site serves a Terraform state file: every managed resource with its attributes, which Terraform stores in " +
      "clear, database master passwords, generated keys and access tokens included, and the layout of the whole " +
      "infrastructure.",
    remediation:
      "Remove the file, keep state in a remote backend with encryption and access control (S3 with a bucket policy, " +
      "Terraform Cloud), and rotate the secrets the state held.",
    references: ["https://developer.hashicorp.com/terraform/language/state/sensitive-data", ...REFS],
    cwe: [538, 312],
    cvss: CVSS_READ_HIGH,
    http: [
      {
        paths: ["/terraform.tfstate", "/terraform.tfstate.backup", "/.terraform/terraform.tfstate"],
        match: [
          OK_OR_PARTIAL,
          {
            any: [
              { json: { terraform_version: "string", resources: "array" } },
              { json: { terraform_version: "string", modules: "array" } },
              { json: { version: 1, backend: "object" } },
            ],
          },
        ],
        extract: [{ name: "version", json: "terraform_version" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/terraform.tfstate": json({
            version: 4,
            terraform_version: "1.7.5",
            serial: 42,
            lineage: "3f1c2a9e-7b5d-4c6e-8a0f-1b3d5c7e9a2b",
            resources: [
              {
                mode: "managed",
                type: "aws_db_instance",
                name: "shop",
                instances: [{ attributes: { username: "admin", password: "Tf4!kq9Lz" } }],
              },
            ],
          }),
        },
        expect: { extracted: { version: "1.7.5" } },
      },
      clean: { server: "nginx", routes: { "/terraform.tfstate": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.terraform-variables",
    category: "exposed-file",
    protocol: "http",
    title: "Terraform variables file exposed (terraform.tfvars)",
    severity: "medium",
    description:
      "The site serves a terraform.tfvars: the values of an infrastructure's variables, regions, account ids and " +
      "names, and often passwords and tokens passed to the providers.",
    remediation:
      "Keep .tfvars files out of the web root and the repository, pass secrets as TF_VAR_ environment variables or " +
      "from a vault, and rotate any the file held.",
    references: [
      "https://developer.hashicorp.com/terraform/language/values/variables#variable-definitions-tfvars-files",
      ...REFS,
    ],
    cwe: [538, 260],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/terraform.tfvars"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [
              /^\s*[a-z_][\w-]*\s*=\s*("[^"\n]*"|\d+|true|false|\[|\{)\s*$/m,
              /^\s*[a-z_][\w-]*\s*=\s*"[^"\n]*"\s*$/m,
            ],
          },
        ],
        judge: secretsRaise("critical", 'variable = "…"'),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/terraform.tfvars": text(
              'region = "eu-west-1"\nenvironment = "production"\ninstance_count = 3\ndb_password = "Hv8!qw2Zk"\n',
            ),
          },
          expect: { severity: "critical" },
        },
        {
          server: "apache",
          routes: { "/terraform.tfvars": text('project = "acme-prod"\nzone = "europe-west1-b"\n') },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.terraform-cloud-token",
    category: "exposed-file",
    protocol: "http",
    title: "Terraform Cloud credentials exposed (.terraformrc, credentials.tfrc.json)",
    severity: "critical",
    description:
      "The site serves Terraform's CLI credentials: an API token for Terraform Cloud or Enterprise, which reads the " +
      "organisation's state (with its secrets) and starts runs that change the infrastructure.",
    remediation:
      "Revoke the token in Terraform Cloud (User settings, Tokens), remove the file, and issue a new one only to " +
      "the CLI that needs it.",
    references: ["https://developer.hashicorp.com/terraform/cli/config/config-file#credentials", ...REFS],
    cwe: [538, 522],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.terraformrc", "/.terraform.d/credentials.tfrc.json"],
        match: [
          OK,
          NOT_HTML,
          {
            any: [
              { regex: [/credentials\s+"[\w.-]+"\s*\{[^}]*\btoken\s*=\s*"[^"\s]{10,}"/] },
              { regex: [/"credentials"\s*:\s*\{\s*"[\w.-]+"\s*:\s*\{\s*"token"\s*:\s*"[^"\s]{10,}"/] },
            ],
          },
        ],
        judge: (r) => ({ matched: `credentials "${/"([\w.-]+\.[\w.-]+)"/.exec(r.body)?.[1] ?? "…"}" token = …` }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/.terraform.d/credentials.tfrc.json": json({
            credentials: { "app.terraform.io": { token: "xq7Lm2Vz9RtW3b.atlasv1.Kp5Nd8Hf1Js4Gc7Ay0Eu3Qo6Iw9" } },
          }),
        },
      },
      clean: {
        server: "nginx",
        routes: { "/.terraformrc": text('plugin_cache_dir = "$HOME/.terraform.d/plugin-cache"\n') },
      },
    },
  },
  {
    kind: "http.exposed.ansible-inventory",
    category: "exposed-file",
    protocol: "http",
    title: "Ansible inventory exposed",
    severity: "medium",
    description:
      "The site serves an Ansible inventory: the organisation's servers by group with their addresses, SSH users and " +
      "ports, and sometimes their SSH or become passwords.",
    remediation:
      "Keep the inventory out of the web root; put passwords in Ansible Vault or use SSH keys, and change any " +
      "password the file held.",
    references: ["https://docs.ansible.com/ansible/latest/inventory_guide/intro_inventory.html", ...REFS],
    cwe: [538, 260],
    cvss: CVSS_READ_LOW,
    http: [
      {
        paths: ["/inventory.ini", "/hosts.ini", "/inventory"],
        match: [
          OK,
          NOT_HTML,
          {
            regex: [
              /^\s*\[[\w:.-]+\]\s*$/m,
              /\bansible_(host|user|port|ssh_\w+|become\w*|connection|password|python_interpreter)=/,
            ],
          },
        ],
        judge: secretsRaise("critical", "[group] host ansible_host=…"),
      },
    ],
    fixtures: {
      vulnerable: [
        {
          server: "nginx",
          routes: {
            "/inventory": text(
              "[web]\nweb1 ansible_host=10.0.1.11 ansible_user=deploy\nweb2 ansible_host=10.0.1.12 " +
                "ansible_user=deploy\n" +
                "\n[db]\ndb1 ansible_host=10.0.2.5 ansible_user=root ansible_ssh_pass=An5!kq8Wz\n",
            ),
          },
          expect: { severity: "critical" },
        },
        {
          server: "apache",
          routes: { "/hosts.ini": text("[app:children]\nweb\n\n[web]\n203.0.113.21 ansible_port=2222\n") },
        },
      ],
      clean: { server: "nginx", routes: {} },
    },
  },
  {
    kind: "http.exposed.ansible-vault",
    category: "exposed-file",
    protocol: "http",
    title: "Ansible Vault file exposed",
    severity: "medium",
    description:
      "The site serves an Ansible Vault file: the deployment's secrets encrypted with a vault password, which can be " +
      "attacked offline (a weak vault password gives every secret in it).",
    remediation:
      "Keep vault files out of the web root, and if the vault password is weak, change it (ansible-vault rekey) and " +
      "rotate the secrets.",
    references: ["https://docs.ansible.com/ansible/latest/vault_guide/index.html", ...REFS],
    cwe: [538, 312],
    cvss: CVSS_CRACK,
    http: [
      {
        paths: ["/vault.yml", "/group_vars/all/vault.yml"],
        match: [OK, NOT_HTML, { regex: [/^\$ANSIBLE_VAULT;1\.[12];AES256(;[\w-]+)?\r?\n[0-9a-f]{40,}/] }],
        matched: "$ANSIBLE_VAULT;1.1;AES256 (encrypted)",
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        routes: {
          "/group_vars/all/vault.yml": text(
            "$ANSIBLE_VAULT;1.1;AES256\n" +
              "62313365396662343061393464336163383764373764613633653634306231386433626436623361\n" +
              "6134333665353966363534333632666535333761666131620a663537646436643839616531643561\n",
          ),
        },
      },
      clean: { server: "nginx", routes: { "/group_vars/all/vault.yml": { status: 403 } } },
    },
  },
  {
    kind: "http.exposed.vault-token",
    category: "exposed-file",
    protocol: "http",
    title: "HashiCorp Vault token exposed (.vault-token)",
    severity: "critical",
    description:
      "The site serves a .vault-token, the token the Vault CLI keeps after a login: with it anyone reads and writes " +
      "the secrets its policies allow, until it expires.",
    remediation:
      "Revoke the token (vault token revoke), remove the file, and serve a folder other than a home directory.",
    references: ["https://developer.hashicorp.com/vault/docs/commands/token-helper", ...REFS],
    cwe: [538, 522],
    cvss: CVSS_CREDENTIALS,
    http: [
      {
        paths: ["/.vault-token"],
        match: [OK, NOT_HTML_TYPE, { regex: [/^\s*(hvs|hvb|s)\.[A-Za-z0-9_-]{24,}\s*$/] }],
        judge: (r) => ({ matched: `${r.body.trim().split(".")[0]}.… (Vault token)` }),
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        routes: { "/.vault-token": text("hvs.CAESIJ3kq8Lz2Vm5Rt9Wb1Kp7Nd4Hf6Js0Gc3Ay") },
      },
      clean: { server: "apache", routes: {} },
    },
  },
]);
