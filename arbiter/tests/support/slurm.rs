//! The one-machine Slurm cluster of the tests that submit job arrays
//! (`scripts/slurm/local-cluster.sh`: munge, slurmctld, slurmd; root),
//! started once and left running for later runs.

use super::repo;
use std::process::Command;

/// Starts the cluster (or finds it running): its `SLURM_CONF`, or why it
/// did not start.
pub fn start() -> Result<String, String> {
    let script = repo().join("scripts/slurm/local-cluster.sh");
    let up = Command::new("bash")
        .arg(&script)
        .arg("start")
        .output()
        .map_err(|e| e.to_string())?;
    if !up.status.success() {
        return Err(String::from_utf8_lossy(&up.stderr).to_string());
    }
    Ok(String::from_utf8_lossy(&up.stdout)
        .trim()
        .trim_start_matches("export SLURM_CONF=")
        .to_string())
}

/// [`start`] for test `test`: the cluster's `SLURM_CONF`, or `None` after a
/// skip line when it did not start — a panic instead when
/// `TABULA_REQUIRE_TOOLS` is set (CI, which installs Slurm).
pub fn start_or_skip(test: &str) -> Option<String> {
    match start() {
        Ok(conf) => Some(conf),
        Err(why) => {
            assert!(
                std::env::var_os("TABULA_REQUIRE_TOOLS").is_none(),
                "the local Slurm cluster did not start: {why}"
            );
            eprintln!("skipped {test}: {why}");
            None
        }
    }
}
