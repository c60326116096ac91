//! The core's worker: Trunk builds this binary as a Web Worker, and the
//! studio's page sends it every question for the core (`core::client`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    vaultwright_web::core_worker::message_loop::run();
}
