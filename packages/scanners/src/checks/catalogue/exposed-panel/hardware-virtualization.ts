// Storage appliances (Synology, QNAP, TrueNAS), hypervisors (Proxmox VE, vCenter, ESXi) and server management
// controllers (iDRAC, iLO). Their web interfaces control the machines below everything else: on the internet they are
// a ransomware crew's first stop. Several answer an unauthenticated request with their model and firmware.
import { checks, html, json, JSON_TYPE, NOT_HTML, OK } from "../../declare.ts";
import { panel } from "../../kit.ts";

const PAGE = html("<!doctype html><title>Acme</title>");
const xml = (body: string) => ({ status: 200, headers: { "content-type": "text/xml" }, body });

export default checks([
  panel({
    slug: "synology-dsm",
    product: "Synology DSM",
    severity: "medium",
    description:
      "A Synology NAS's DiskStation Manager answers from the internet: every share on it is one password away, and " +
      "exposed DSM is a recurring target of ransomware campaigns (brute force, then encryption of the volumes).",
    fix:
      "Reach DSM through a VPN or QuickConnect with two-factor authentication; close ports 5000/5001 on the router " +
      "and enable auto block.",
    docs: "https://kb.synology.com/en-global/DSM/tutorial/How_to_add_extra_security_to_your_Synology_NAS",
    http: [
      {
        paths: ["/webapi/query.cgi?api=SYNO.API.Info&version=1&method=query&query=SYNO.API.Auth"],
        match: [OK, { regex: [/"SYNO\.API\.Auth":\{[^}]*"maxVersion":\d+/, /"success":true/] }, NOT_HTML],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        scheme: "https",
        routes: {
          "/webapi/query.cgi?api=SYNO.API.Info&version=1&method=query&query=SYNO.API.Auth": json({
            data: { "SYNO.API.Auth": { maxVersion: 7, minVersion: 1, path: "entry.cgi" } },
            success: true,
          }),
        },
      },
      clean: { server: "nginx", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "qnap-qts",
    product: "QNAP QTS",
    severity: "medium",
    description:
      "A QNAP NAS answers from the internet and names its model and firmware to anyone: QTS has had " +
      "pre-authentication flaws that ransomware (Qlocker, DeadBolt) used to encrypt thousands of exposed devices.",
    fix:
      "Disable UPnP port forwarding and myQNAPcloud direct access, reach the NAS through a VPN, and keep QTS on " +
      "its latest firmware.",
    docs: "https://www.qnap.com/en/security-advisories",
    http: [
      {
        paths: ["/cgi-bin/authLogin.cgi"],
        match: [OK, { regex: [/<QDocRoot version="1\.0">/, /<firmware>/] }],
        extract: [
          { name: "version", regex: /<firmware>\s*<version><!\[CDATA\[([\d.]+)\]\]>/ },
          { name: "model", regex: /<displayModelName><!\[CDATA\[([^\]]+)\]\]>/ },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        scheme: "https",
        routes: {
          "/cgi-bin/authLogin.cgi": xml(
            '<?xml version="1.0" encoding="UTF-8" ?>\n<QDocRoot version="1.0">\n<doQuick><![CDATA[]]></doQuick>\n' +
              "<is_booting><![CDATA[0]]></is_booting>\n<model>\n<modelName><![CDATA[TS-X53B]]></modelName>\n" +
              "<displayModelName><![CDATA[TS-453B]]></displayModelName>\n</model>\n<firmware>\n<version><![CDATA[" +
              "5.1.4]]></version>\n<number><![CDATA[2596]]></number>\n<build><![CDATA[20231128]]></build>\n" +
              "</firmware>\n<hostname><![CDATA[nas01]]></hostname>\n</QDocRoot>\n",
          ),
        },
        expect: { extracted: { version: "5.1.4", model: "TS-453B" } },
      },
      clean: { server: "apache", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "truenas",
    product: "TrueNAS",
    severity: "medium",
    description:
      "A TrueNAS (FreeNAS) web interface answers from the internet: the pools, shares and the root account of the " +
      "storage server are one password away.",
    fix:
      "Bind the web interface to the management network (System > General > Web Interface IPv4 Address) and reach " +
      "it through a VPN.",
    docs: "https://www.truenas.com/docs/scale/scaletutorials/systemsettings/general/",
    http: [
      { root: true, match: [OK, { regex: [/<title>(TrueNAS|FreeNAS)<\/title>/] }, { regex: [/<ix-root|iXsystems/] }] },
    ],
    fixtures: {
      vulnerable: {
        server: "nginx",
        scheme: "https",
        routes: {
          "/": html(
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>TrueNAS</title><base href="/ui/">' +
              '<link rel="icon" type="image/x-icon" href="assets/images/truenas_scale_favicon.png"></head><body><ix-' +
              'root></ix-root><script src="runtime.js" type="module"></script></body></html>',
          ),
        },
      },
      clean: { server: "nginx", scheme: "https", routes: { "/": PAGE } },
    },
  }),
  panel({
    slug: "proxmox-ve",
    product: "Proxmox VE",
    severity: "medium",
    description:
      "A Proxmox Virtual Environment answers from the internet with its version: every virtual machine of the " +
      "cluster, and root on its nodes, are one password away.",
    fix:
      "Allow port 8006 only from the management network (the datacenter firewall, or pveproxy's " +
      "ALLOW_FROM/DENY_FROM in /etc/default/pveproxy) and enable TOTP.",
    docs: "https://pve.proxmox.com/pve-docs/pveproxy.8.html",
    http: [
      {
        root: true,
        match: [OK, { regex: [/Proxmox Virtual Environment<\/title>/] }, { regex: [/\/pve2\/(js|ext6|css)\//] }],
        extract: [{ name: "version", regex: /pvemanagerlib\.js\?ver=([\d.-]+)/ }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/": html(
            '<!DOCTYPE html>\n<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8" />' +
              "\n<title>pve1 - Proxmox Virtual Environment</title>\n" +
              '<link rel="stylesheet" type="text/css" ' +
              'href="/pve2/ext6/theme-crisp/resources/theme-crisp-all.css" />\n' +
              '<script type="text/javascript" src="/pve2/js/pvemanagerlib.js?ver=8.1.4"></script>\n</head>\n<body>' +
              "</body>\n</html>\n",
            200,
            { server: "pve-api-daemon/3.0" },
          ),
        },
        expect: { extracted: { version: "8.1.4" } },
      },
      clean: { server: "go", scheme: "https", routes: { "/": PAGE } },
    },
  }),
  panel({
    slug: "vmware-vcenter",
    product: "VMware vCenter Server",
    severity: "medium",
    description:
      "A VMware vCenter Server answers from the internet: it manages every ESXi host and virtual machine of the " +
      "estate, and vCenter has had pre-authentication remote code execution flaws exploited by ransomware crews.",
    fix:
      "Keep vCenter on the management network only (no NAT or firewall rule from the internet) and patch it on " +
      "every VMSA.",
    docs: "https://core.vmware.com/vsphere-security-configuration-guide",
    http: [
      {
        root: true,
        match: [OK, { regex: [/<title>\s*ID_VC_Welcome\s*<\/title>/] }, { regex: [/vsphere-client|\/ui\//] }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/": html(
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>ID_VC_Welcome</title><script type=' +
              '"text/javascript" src="./resources/js/localization.js"></script></head><body><div id="launch"><a ' +
              'href="/ui/" id="h5client">ID_VC_H5_Client</a><a href="/vsphere-client/?csp">ID_VC_Flash_Client</a>' +
              "</div></body></html>",
          ),
        },
      },
      clean: { server: "go", scheme: "https", routes: { "/": PAGE } },
    },
  }),
  panel({
    slug: "vmware-esxi",
    product: "VMware ESXi",
    severity: "medium",
    description:
      "An ESXi host's web interface answers from the internet: the hypervisor and all its virtual machines are one " +
      "password away, and exposed ESXi was mass-encrypted through its OpenSLP and web flaws (ESXiArgs).",
    fix:
      "Put the ESXi management interfaces on an isolated management network, enable lockdown mode, and patch on " +
      "every VMSA.",
    docs: "https://docs.vmware.com/en/VMware-vSphere/8.0/vsphere-security/GUID-88B24613-E8F9-40D2-B838-225F5FF480FF.html",
    http: [{ root: true, match: [OK, { regex: [/<title>\s*ID_EESX_Welcome\s*<\/title>/] }, { regex: [/\/ui\//] }] }],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/": html(
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>ID_EESX_Welcome</title></head><body>' +
              '<div id="launch"><a href="/ui/">ID_EESX_H5_Client</a><a href="https://www.vmware.com/go/download-' +
              'vsphere">ID_EESX_Download</a></div></body></html>',
          ),
        },
      },
      clean: { server: "go", scheme: "https", routes: { "/": PAGE } },
    },
  }),
  panel({
    slug: "dell-idrac",
    product: "Dell iDRAC",
    severity: "medium",
    description:
      "A Dell iDRAC answers from the internet and names its firmware to anyone: the server's console, power and " +
      "virtual media (boot any image) are one password away, and the default root/calvin is common.",
    fix:
      "Put iDRAC on a dedicated management network (never a public address), change the default password and keep " +
      "its firmware current.",
    docs: "https://www.dell.com/support/kbdoc/en-us/000177979/idrac-security-best-practices",
    http: [
      {
        paths: ["/sysmgmt/2015/bmc/info"],
        match: [OK, JSON_TYPE, { json: { "Attributes.FwVer": /^\d+\.\d+/, "Attributes.BuildVersion": "string" } }],
        extract: [{ name: "version", json: "Attributes.FwVer" }],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "apache",
        scheme: "https",
        routes: {
          "/sysmgmt/2015/bmc/info": json({
            Attributes: {
              ADEnabled: "Disabled",
              BuildVersion: "37",
              FwVer: "6.10.30.00",
              GUITitleBar: "idrac-7XK2J3",
              IsOEMBranded: "0",
              License: "Enterprise",
              SSOEnabled: "Disabled",
              SecurityPolicyMessage:
                "By accessing this computer, you confirm that such access complies with your organization's " +
                "security policy.",
              ServerGen: "14G",
              SystemLockdown: "Disabled",
              TFAEnabled: "Disabled",
            },
          }),
        },
        expect: { extracted: { version: "6.10.30.00" } },
      },
      clean: { server: "apache", scheme: "https", routes: {} },
    },
  }),
  panel({
    slug: "hpe-ilo",
    product: "HPE iLO",
    severity: "medium",
    description:
      "An HPE iLO answers from the internet and names the server model, serial number and iLO firmware to anyone: " +
      "the console, power and virtual media are one password away, and old iLO has authentication bypasses.",
    fix:
      "Put iLO on a dedicated management network, disable the XML reply (Security > Access Settings: Anonymous " +
      "Data off) and keep its firmware current.",
    docs: "https://support.hpe.com/hpesc/public/docDisplay?docId=a00105236en_us",
    http: [
      {
        paths: ["/xmldata?item=all"],
        match: [OK, { regex: [/<RIMP>/, /Integrated Lights-Out/] }, NOT_HTML],
        extract: [
          { name: "version", regex: /<FWRI>([\d.]+)<\/FWRI>/ },
          { name: "model", regex: /<SPN>([^<]+)<\/SPN>/ },
        ],
      },
    ],
    fixtures: {
      vulnerable: {
        server: "go",
        scheme: "https",
        routes: {
          "/xmldata?item=all": xml(
            '<?xml version="1.0"?>\n<RIMP>\n<HSI><SBSN>CZJ12345AB</SBSN><SPN>ProLiant DL360 Gen10</SPN><UUID>' +
              "P19766CZJ12345AB</UUID><SP>1</SP><cUUID>30393137-3636-5a43-4a31-323334354142</cUUID></HSI>\n<MP><ST>1" +
              "</ST><PN>Integrated Lights-Out 5 (iLO 5)</PN><FWRI>2.72</FWRI><BBLK>03/02/2019</BBLK><HWRI>ASIC: 21" +
              "</HWRI><SN>ILOCZJ12345AB</SN></MP>\n</RIMP>\n",
          ),
        },
        expect: { extracted: { version: "2.72", model: "ProLiant DL360 Gen10" } },
      },
      // Anonymous data disabled: iLO answers the same path with an empty RIMP document.
      clean: {
        server: "go",
        scheme: "https",
        routes: { "/xmldata?item=all": xml('<?xml version="1.0"?>\n<RIMP>\n</RIMP>\n') },
      },
    },
  }),
]);
