// Real Debian daemons for the scan checks' tests (redis-server, memcached,
// vsftpd, nginx: `apt-get install -y redis-server memcached vsftpd nginx-light`, see .ci/run),
// each on a free loopback port with its own config in a temp dir.
import { spawn, type ChildProcess } from "node:child_process";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface Daemon {
  port: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

async function waitForPort(port: number, child: ChildProcess, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${String(child.spawnfile)} exited with ${child.exitCode}`);
    const ok = await new Promise<boolean>((r) => {
      const s = net.connect({ host: "127.0.0.1", port }, () => (s.destroy(), r(true)));
      s.on("error", () => r(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${String(child.spawnfile)} did not listen on ${port}`);
}

async function start(cmd: string, args: (dir: string, port: number) => Promise<string[]>): Promise<Daemon> {
  const dir = await mkdtemp(join(tmpdir(), "ems-daemon-"));
  const port = await freePort();
  const child = spawn(cmd, await args(dir, port), { stdio: "ignore" });
  await waitForPort(port, child);
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once("exit", r));
        child.kill("SIGKILL");
        await gone;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** redis-server; with a password it answers NOAUTH until AUTH. */
export const startRedis = (password?: string) =>
  start("redis-server", async (dir, port) => {
    const conf = join(dir, "redis.conf");
    const lines = [`port ${port}`, "bind 127.0.0.1", `dir ${dir}`, 'save ""', "appendonly no", "daemonize no"];
    if (password) lines.push(`requirepass ${password}`);
    await writeFile(conf, lines.join("\n") + "\n");
    return [conf];
  });

/** memcached; with a user it requires ASCII authentication (-Y) before any command. */
export const startMemcached = (user?: { name: string; password: string }) =>
  start("memcached", async (dir, port) => {
    const args = ["-p", String(port), "-l", "127.0.0.1", "-U", "0", "-u", "nobody", "-m", "8"];
    if (user) {
      const file = join(dir, "auth");
      await writeFile(file, `${user.name}:${user.password}\n`);
      // memcached reads it after dropping to "nobody".
      await chmod(dir, 0o755);
      await chmod(file, 0o644);
      args.push("-Y", file);
    }
    return args;
  });

/** vsftpd in the foreground; anonymous logins allowed or not. */
export const startVsftpd = (anonymous: boolean) =>
  start("vsftpd", async (dir, port) => {
    const conf = join(dir, "vsftpd.conf");
    const lines = [
      "listen=YES",
      "listen_ipv6=NO",
      "listen_address=127.0.0.1",
      `listen_port=${port}`,
      "background=NO",
      `anonymous_enable=${anonymous ? "YES" : "NO"}`,
      // vsftpd refuses to start with both off: the clean twin takes local users (through PAM) only.
      `local_enable=${anonymous ? "NO" : "YES"}`,
      "pam_service_name=vsftpd",
      // The default-login check's refused pairs answer at once (vsftpd waits a second after each by default).
      "delay_failed_login=0",
      // The clean twin lets no local user in either (an empty allow-list): USER is refused before PAM is asked.
      ...(anonymous ? [] : ["userlist_enable=YES", "userlist_deny=NO", `userlist_file=${join(dir, "user_list")}`]),
      "anon_root=/srv/ftp",
      "secure_chroot_dir=/var/run/vsftpd/empty",
      "seccomp_sandbox=NO",
      "run_as_launching_user=NO",
    ];
    await writeFile(conf, lines.join("\n") + "\n");
    if (!anonymous) await writeFile(join(dir, "user_list"), "");
    return [conf];
  });

/**
 * nginx in the foreground; `server` is the inside of its server block (listen is added), `files` the web root's
 * content by path (a path ending in "/" makes a directory).
 */
export const startNginx = (server: string, files: Record<string, string>) =>
  start("nginx", async (dir, port) => {
    const root = join(dir, "www");
    for (const [path, body] of Object.entries(files)) {
      const full = join(root, path);
      await mkdir(path.endsWith("/") ? full : dirname(full), { recursive: true });
      if (!path.endsWith("/")) await writeFile(full, body);
    }
    await chmod(dir, 0o755);
    const conf = join(dir, "nginx.conf");
    const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${dir}/${t};`);
    await writeFile(
      conf,
      `daemon off; master_process off; pid ${dir}/nginx.pid; error_log ${dir}/error.log; user nobody nogroup;\n` +
        `events { worker_connections 64; }\n` +
        `http { access_log off; ${temp.join(" ")} default_type text/plain; server_tokens on;\n` +
        `  server { listen 127.0.0.1:${port}; root ${root};\n${server}\n  }\n}\n`,
    );
    return ["-c", conf, "-p", dir];
  });
