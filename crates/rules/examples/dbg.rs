use fourhand_rules::notation::{fen4, pgn4};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let n: usize = args[2].parse().unwrap();
    // cut the movetext after n tokens
    let (tags, mt) = pgn4::parse_tags(&text);
    let toks = pgn4::tokenize(mt);
    let mut s = String::new();
    for (k, v) in &tags.0 {
        s.push_str(&format!("[{k} \"{v}\"]\n"));
    }
    s.push('\n');
    for t in toks.iter().take(n) {
        s.push_str(&format!("{}. {} ", t.round, t.text));
    }
    let r = pgn4::replay(&s).unwrap();
    println!("err {:?}", r.error);
    let p = r.game.position();
    println!("{}", fen4::write(p));
    println!("turn {:?} check {:?}", p.turn(), p.in_check(p.turn()));
    println!(
        "moves {:?}",
        r.game.legal_moves().iter().collect::<Vec<_>>()
    );
    println!(
        "points {:?} statuses {:?}",
        r.game.points(),
        r.game.statuses()
    );
}
