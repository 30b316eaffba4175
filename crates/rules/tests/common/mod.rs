//! Shared helpers for the data tests: where the project's shared test data lives.

#![allow(dead_code)]

use std::path::PathBuf;

/// `shared/data`, beside the project root (overridable with `FOURHAND_DATA`).
pub fn data_dir() -> PathBuf {
    if let Ok(d) = std::env::var("FOURHAND_DATA") {
        return PathBuf::from(d);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
}

/// Reads a data file, failing loudly when it is missing.
pub fn read(rel: &str) -> String {
    let p = data_dir().join(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

/// Rows of a TSV file without its header.
pub fn tsv(rel: &str) -> Vec<Vec<String>> {
    read(rel)
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}
