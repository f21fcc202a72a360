//! A private `sshd` for the tests that play over SSH (GNU parallel's
//! `--sshlogin`): a loopback port, keys made for the test.

use super::Tmp;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A private `sshd` on a loopback port, with a key made for the test,
/// stopped on drop.
pub struct Sshd {
    child: std::process::Child,
    port: u16,
    key: std::path::PathBuf,
}

impl Sshd {
    pub fn start(tmp: &Tmp) -> Sshd {
        let keygen = |path: &Path| {
            let ok = Command::new("ssh-keygen")
                .args(["-q", "-t", "ed25519", "-N", "", "-f"])
                .arg(path)
                .status()
                .unwrap()
                .success();
            assert!(ok, "ssh-keygen");
        };
        let (host, key) = (tmp.path("host_key"), tmp.path("user_key"));
        keygen(&host);
        keygen(&key);
        std::fs::copy(tmp.path("user_key.pub"), tmp.path("authorized_keys")).unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let config = tmp.path("sshd_config");
        std::fs::write(
            &config,
            format!(
                "Port {port}\nListenAddress 127.0.0.1\nHostKey {}\nAuthorizedKeysFile {}\n\
                 PidFile {}\nStrictModes no\nPermitRootLogin prohibit-password\n\
                 PasswordAuthentication no\nUsePAM no\n",
                host.display(),
                tmp.path("authorized_keys").display(),
                tmp.path("sshd.pid").display()
            ),
        )
        .unwrap();
        std::fs::create_dir_all("/run/sshd").ok();
        // sshd must be started by its absolute path (it re-executes itself).
        let path = std::env::var_os("PATH").unwrap_or_default();
        let sshd = std::env::split_paths(&path)
            .map(|d| d.join("sshd"))
            .find(|p| p.is_file())
            .expect("sshd on the PATH");
        let child = Command::new(sshd)
            .args(["-D", "-e", "-f"])
            .arg(&config)
            .stderr(Stdio::null())
            .spawn()
            .expect("sshd starts");
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "sshd did not listen on {port}");
            std::thread::sleep(Duration::from_millis(50));
        }
        Sshd { child, port, key }
    }

    /// The `--ssh` command of GNU parallel for this server.
    pub fn ssh(&self) -> String {
        format!(
            "ssh -p {} -i {} -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
             -o LogLevel=ERROR -o BatchMode=yes",
            self.port,
            self.key.display()
        )
    }
}

impl Drop for Sshd {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
