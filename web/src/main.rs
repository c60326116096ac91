fn main() {
    vaultwright_web::start();
}
