use sargon_z80::abi::Driver;
use sargon_z80::crosscheck::search::random_setup;
use sargon_z80::crosscheck::suite::{RandomScratch, builtin_positions};
use sargon_z80::engine::eval::{EvalInput, Region, attack, pinfnd, points};
use sargon_z80::engine::{Engine, SearchParams, TraceRecorder};
use sargon_z80::reference::{MoveList, genmov, make};
fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap())
        .collect();
    let (seed, idx, evn) = (args[0], args[1], args[2] as usize);
    let starts: Vec<_> = builtin_positions().iter().map(|p| p.board).collect();
    let (setup, _) = random_setup(seed, idx, &starts, &mut RandomScratch::default());
    let mut rec = TraceRecorder::default();
    Engine::new()
        .search(&setup, &SearchParams::new(1), &mut rec)
        .unwrap();
    let r = rec.records[evn];
    let mut board = setup.board;
    let mut list = MoveList::new();
    genmov(&board, &mut list);
    let mv = *list
        .as_slice()
        .iter()
        .find(|m| m.entry.from == r.from && m.entry.to == r.to)
        .unwrap();
    make(&mut board, &mv);
    println!("after {}{}: {}", r.from, r.to, board.to_fen());
    let mut region = Region::fresh(&board);
    let npins = pinfnd(&board, &mut region);
    let before: Vec<u8> = region.bytes().to_vec();
    let mut r2 = region.clone();
    let t = points(
        &board,
        &mut r2,
        npins,
        &EvalInput {
            color: setup.board.color,
            moveno: setup.moveno,
            bc0: 0,
            mv0: 0,
            to_square: r.to,
        },
    );
    println!("native terms {:?}", t);
    println!(
        "region before {:02X?}\nregion after  {:02X?}",
        before,
        r2.bytes()
    );
    let mut d = Driver::new(&sargon_z80::default_image()).unwrap();
    d.set_root(&board);
    let img = sargon_z80::default_image();
    let sym = |n: &str| img.symbols.get(n).unwrap();
    let m = d.machine_mut();
    m.call(sym("PINFND")).unwrap();
    println!("npins native {npins} z80 {}", m.peek(sym("NPINS")));
    for sq in 21u8..99 {
        if sq % 10 == 0 || sq % 10 == 9 {
            continue;
        }
        region.clear_rows();
        attack(&board, &mut region, npins, sq);
        let n: Vec<u8> = region.rows().to_vec();
        for i in 0..14 {
            m.poke(sym("WACT") + i, 0);
        }
        m.poke(sym("ATSQ"), sq);
        m.call(sym("ATTACK")).unwrap();
        let z: Vec<u8> = (0..14).map(|i| m.peek(sym("WACT") + i)).collect();
        if n != z {
            println!(
                "square {sq}: native {:02X?}\n            z80    {:02X?}",
                n, z
            );
        }
    }
}
