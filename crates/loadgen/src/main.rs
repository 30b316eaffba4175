//! `fourhand-loadgen`: the same as `fourhand loadgen`.

use clap::Parser;

fn main() -> std::process::ExitCode {
    fourhand_loadgen::main_with(fourhand_loadgen::Args::parse())
}
