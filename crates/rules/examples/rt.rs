use fourhand_rules::notation::pgn4;
fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let (tags, game) = pgn4::read(&text).unwrap();
    print!("{}", pgn4::write(&game, &tags));
}
