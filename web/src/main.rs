//! The studio's entry point: Trunk builds this binary and calls `start`.

fn main() {
    vaultwright_web::start();
}
