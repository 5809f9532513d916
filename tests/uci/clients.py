"""Drives `sargon-z80 uci` with python-chess and a raw pipe, as GUIs do.

Usage: clients.py SARGON_BINARY STOCKFISH_BINARY CHECK
CHECK is one of the keys of CHECKS at the end. Prints what it did; exits non-zero with the
reason on any failure.
"""

import io
import os
import select
import subprocess
import sys
import time

import chess
import chess.engine

SEED = "1978"


# The 1978 program's own choices: no search for a shorter mate, no avoided repetition.
AS_1978 = {"Shortest mate": False, "Avoid repetition": False}


def sargon(binary, engine, options=None):
    uci = chess.engine.SimpleEngine.popen_uci([binary, "uci", "--engine", engine])
    uci.configure({"Seed": SEED, **(options or {})})
    return uci


def stockfish(binary):
    uci = chess.engine.SimpleEngine.popen_uci(binary)
    uci.configure({"Skill Level": 0, "Threads": 1, "Hash": 16})
    return uci


def play_game(binary, fish_binary, engine, depth, plies, sargon_color=chess.WHITE, options=None):
    """Sargon against Stockfish until the game is over (mate, stalemate, a draw a GUI would
    claim or adjudicate) or `plies` moves were played; returns the moves (UCI) and the board."""
    board = chess.Board()
    me, fish = sargon(binary, engine, options), stockfish(fish_binary)
    try:
        while not board.is_game_over(claim_draw=True) and len(board.move_stack) < plies:
            if board.turn == sargon_color:
                result = me.play(board, chess.engine.Limit(depth=depth))
            else:
                result = fish.play(board, chess.engine.Limit(nodes=200))
            if result.move not in board.legal_moves:
                raise SystemExit(f"illegal move {result.move} in {board.fen()}")
            board.push(result.move)
    finally:
        me.quit()
        fish.quit()
    return [m.uci() for m in board.move_stack], board


def check_game(binary, fish_binary):
    """Whole games: the emulated engine as white, the native one as black, played to the end."""
    for engine, color in (("z80", chess.WHITE), ("native", chess.BLACK)):
        moves, board = play_game(binary, fish_binary, engine, 2, 1000, color, AS_1978)
        outcome = board.outcome(claim_draw=True)
        if outcome is None:
            raise SystemExit(f"{engine}: the game did not end in {len(moves)} plies")
        side = "white" if color == chess.WHITE else "black"
        print(
            f"{engine} as {side}: {len(moves)} plies, {outcome.result()} "
            f"({outcome.termination.name.lower()}): {' '.join(moves)}"
        )


def check_same_moves(binary, fish_binary):
    """A game played by the emulated engine, replayed position by position by the native one."""
    moves, _ = play_game(binary, fish_binary, "z80", 3, 40, options=AS_1978)
    native = sargon(binary, "native", AS_1978)
    try:
        for ply in range(0, len(moves), 2):
            board = chess.Board()
            for move in moves[:ply]:
                board.push_uci(move)
            answer = native.play(board, chess.engine.Limit(depth=3)).move.uci()
            if answer != moves[ply]:
                raise SystemExit(f"ply {ply}: z80 played {moves[ply]}, native {answer}")
    finally:
        native.quit()
    print(f"the native engine chose the emulated engine's {len(moves[::2])} moves")


def raw(binary, engine):
    return subprocess.Popen(
        [binary, "uci", "--engine", engine],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )


def send(proc, line):
    """One line to the engine, on a text pipe or a byte pipe."""
    data = line + "\n"
    proc.stdin.write(data if isinstance(proc.stdin, io.TextIOBase) else data.encode())
    proc.stdin.flush()


def wait_for(proc, prefix, limit):
    started = time.monotonic()
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit(f"the engine closed its output while waiting for {prefix!r}")
        if line.startswith(prefix):
            return line.strip(), time.monotonic() - started
        if time.monotonic() - started > limit:
            raise SystemExit(f"no {prefix!r} within {limit} s")


def check_stop(binary, _fish):
    for engine in ("z80", "native"):
        proc = raw(binary, engine)
        send(proc, "uci")
        wait_for(proc, "uciok", 10)
        send(proc, "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        send(proc, "go infinite")
        time.sleep(0.5)
        send(proc, "stop")
        line, waited = wait_for(proc, "bestmove", 5)
        send(proc, "quit")
        proc.wait(5)
        move = chess.Move.from_uci(line.split()[1])
        board = chess.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        if move not in board.legal_moves:
            raise SystemExit(f"{engine}: illegal bestmove after stop: {line}")
        print(f"{engine}: {line} {waited * 1000:.1f} ms after stop")


def check_isready(binary, _fish):
    proc = raw(binary, "z80")
    send(proc, "uci")
    wait_for(proc, "uciok", 10)
    send(proc, "position startpos moves e2e4 e7e5")
    send(proc, "go depth 5")
    time.sleep(0.3)
    send(proc, "isready")
    _, waited = wait_for(proc, "readyok", 5)
    send(proc, "stop")
    wait_for(proc, "bestmove", 5)
    send(proc, "quit")
    proc.wait(5)
    print(f"readyok {waited * 1000:.1f} ms after isready during a search")


def check_clock(binary, fish_binary):
    """A 1 s + 0.1 s game: Sargon's clock never falls."""
    for engine in ("z80", "native"):
        board = chess.Board()
        me, fish = sargon(binary, engine, AS_1978), stockfish(fish_binary)
        clock, least = 1.0, 1.0
        try:
            while not board.is_game_over() and len(board.move_stack) < 60:
                if board.turn == chess.WHITE:
                    limit = chess.engine.Limit(white_clock=clock, black_clock=1.0, white_inc=0.1, black_inc=0.1)
                    started = time.monotonic()
                    result = me.play(board, limit)
                    clock -= time.monotonic() - started
                    least = min(least, clock)
                    if clock <= 0:
                        raise SystemExit(f"{engine} lost on time at ply {len(board.move_stack)}")
                    clock += 0.1
                else:
                    result = fish.play(board, chess.engine.Limit(nodes=200))
                if result.move not in board.legal_moves:
                    raise SystemExit(f"illegal move {result.move} in {board.fen()}")
                board.push(result.move)
        finally:
            me.quit()
            fish.quit()
        print(f"{engine}: {len(board.move_stack)} plies, least time left {least:.3f} s")


def session(binary, engine, *lines):
    """A raw pipe (read unbuffered, so that a wait can time out) with the handshake done and
    `lines` sent."""
    proc = subprocess.Popen([binary, "uci", "--engine", engine], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=False, bufsize=0)
    proc.pending = b""
    send(proc, "uci")
    collect(proc, "uciok", 10)
    for line in lines:
        send(proc, line)
    return proc


def read_line(proc, deadline):
    """One line of the engine's output, or None when none comes before `deadline`."""
    while b"\n" not in proc.pending:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([proc.stdout], [], [], left)[0]:
            return None
        chunk = os.read(proc.stdout.fileno(), 65536)
        if not chunk:
            raise SystemExit("the engine closed its output")
        proc.pending += chunk
    line, proc.pending = proc.pending.split(b"\n", 1)
    return line.decode().strip()


def collect(proc, prefix, limit):
    """Every line until one starting with `prefix` (included), and the seconds it took."""
    started, lines = time.monotonic(), []
    while True:
        line = read_line(proc, started + limit)
        if line is None:
            raise SystemExit(f"no {prefix!r} within {limit} s: {lines[-5:]}")
        lines.append(line)
        if line.startswith(prefix):
            return lines, time.monotonic() - started


def finish(proc):
    send(proc, "quit")
    proc.wait(10)


def bestmove(binary, engine, *lines, limit=60):
    """The `bestmove` line's words and every line before it."""
    proc = session(binary, engine, *lines)
    out, _ = collect(proc, "bestmove", limit)
    finish(proc)
    return out[-1].split(), out


QUEEN_UP = "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"
QUEEN_DOWN = "3qk3/8/8/8/8/8/8/4K3 w - - 0 1"


def check_score(binary, _fish):
    """The score tracks the material at every depth, with one sign; the raw byte is kept."""
    for engine in ("z80", "native"):
        me = sargon(binary, engine)
        try:
            for fen, sign in ((QUEEN_UP, 1), (QUEEN_DOWN, -1)):
                for depth in range(1, 6):
                    info = me.analyse(chess.Board(fen), chess.engine.Limit(depth=depth))
                    cp = info["score"].relative.score()
                    if cp is None or sign * cp < 800:
                        raise SystemExit(f"{engine}: depth {depth} in {fen}: score {info['score']}")
        finally:
            me.quit()
        _, lines = bestmove(binary, engine, "setoption name Details value true",
                            f"position fen {QUEEN_UP}", "go depth 3")
        byte = [l for l in lines if "SCORE+1 = 0x86" in l and "material +900 cp" in l]
        if not byte or "info depth 3 score cp 975 " not in " ".join(lines):
            raise SystemExit(f"{engine}: no score cp 975 with its byte 0x86: {lines}")
    print("a queen up scores +800 cp or more at depths 1-5, a queen down -800 or less")


MATE_AT_HAND = "k7/3R4/p4Q2/1p6/6N1/P7/1PP2PPP/2K5 w - - 5 33"


def check_mates(binary, fish_binary):
    """The mate at hand is taken; without `Shortest mate`, the mate exit still finishes."""
    for engine in ("z80", "native"):
        words, _ = bestmove(binary, engine, f"position fen {MATE_AT_HAND}", "go depth 3")
        if words[1] != "f6d8":
            raise SystemExit(f"{engine}: go depth 3 answered {words[1]}, f6d8 mates")
    for depth in range(1, 6):
        for options in ({}, {"Shortest mate": False}):
            board = chess.Board(MATE_AT_HAND)
            me, fish = sargon(binary, "native", options), stockfish(fish_binary)
            try:
                while not board.is_game_over(claim_draw=True) and len(board.move_stack) < 24:
                    engine = me if board.turn == chess.WHITE else fish
                    limit = chess.engine.Limit(depth=depth) if engine is me else chess.engine.Limit(nodes=200)
                    board.push(engine.play(board, limit).move)
            finally:
                me.quit()
                fish.quit()
            if not board.is_checkmate() or board.turn != chess.BLACK:
                raise SystemExit(f"depth {depth} {options}: no mate: {board.fen()} {board.move_stack}")
            print(f"depth {depth} {options or 'defaults'}: mate in {len(board.move_stack) // 2 + 1}")


REPEATS = ("8/8/8/k7/8/2RK4/4P3/8 w - - 0 40 moves c3b3 a5a6 b3b4 a6a7 e2e3 a7a8 d3c2 a8a7",
           "go depth 3", "c2d3")
STALEMATES = ("7k/8/5K2/8/8/3P4/6R1/8 w - - 0 30", "go depth 2", "g2g7")


def check_avoid(binary, _fish):
    """Ahead, a repetition or a stalemate gives way to another move with `Avoid repetition`
    (on by default); off, the 1978 program's choice."""
    for engine in ("z80", "native"):
        for position, go, spoiling in (REPEATS, STALEMATES):
            words, _ = bestmove(binary, engine, "setoption name Avoid repetition value false",
                                f"position fen {position}", go)
            if words[1] != spoiling:
                raise SystemExit(f"{engine}: the 1978 choice in {position} is {spoiling}, not {words[1]}")
            words, lines = bestmove(binary, engine, f"position fen {position}", go)
            said = [l for l in lines if "avoid repetition" in l]
            if words[1] == spoiling or not said:
                raise SystemExit(f"{engine}: {position}: still {words[1]}: {lines}")
            print(f"{engine}: {spoiling} avoided: {said[0]}")


def check_ponder(binary, _fish):
    """`go ponder` + `ponderhit` answers in the move's time, `bestmove ... ponder ...`."""
    for engine in ("z80", "native"):
        proc = session(binary, engine)
        send(proc, "uci")
        declared, _ = collect(proc, "uciok", 10)
        if "option name Ponder type check default false" not in declared:
            raise SystemExit(f"{engine}: Ponder is not declared: {declared}")
        send(proc, "position startpos moves e2e4 e7e5 g1f3 b8c6")
        send(proc, "go ponder wtime 3000 btime 3000")
        time.sleep(0.3)
        send(proc, "ponderhit")
        lines, waited = collect(proc, "bestmove", 10)
        finish(proc)
        words = lines[-1].split()
        if len(words) != 4 or words[2] != "ponder":
            raise SystemExit(f"{engine}: {lines[-1]}")
        print(f"{engine}: {lines[-1]} {waited * 1000:.0f} ms after ponderhit")


MIDDLEGAME = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"


def check_time_use(binary, _fish):
    """A move time is used (not answered early), and a clock move spends its share."""
    for go, least in (("go movetime 1000", 0.8), ("go wtime 10000 btime 10000", 0.25)):
        proc = session(binary, "native", f"position fen {MIDDLEGAME}")
        send(proc, go)
        lines, waited = collect(proc, "bestmove", 30)
        finish(proc)
        depths = [l.split()[2] for l in lines if l.startswith("info depth")]
        if waited < least:
            raise SystemExit(f"{go}: answered after {waited:.2f} s (depths {depths})")
        print(f"{go}: {waited:.2f} s, depths {' '.join(depths)}")


def check_infinite(binary, _fish):
    """`go infinite` goes on past the 1978 levels and tables until `stop`, and says which
    levels are beyond what the 1978 program could search."""
    proc = session(binary, "native", "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "go infinite")
    collect(proc, "info depth 10", 60)
    send(proc, "stop")
    lines, _ = collect(proc, "bestmove", 10)
    finish(proc)
    beyond = [l for l in lines if "PLYMAX 10 is beyond what the 1978 program could search "
              "(the 1978 tables hold PLYMAX 9)" in l]
    if not beyond:
        raise SystemExit(f"no level said to be beyond the 1978 tables: {lines}")
    print(f"depth 10 reached, then {lines[-1]}")


def check_refused(binary, _fish):
    """After a refused position, `go` answers `bestmove 0000`, saying why."""
    for bad in ("position fen 8/8/8/8/8/8/8/8 w - - 0 1", "position startpos moves e2e4 e7e4"):
        words, lines = bestmove(binary, "native", "position startpos moves e2e4", bad, "go depth 2")
        if words != ["bestmove", "0000"] or not any("no position" in l for l in lines):
            raise SystemExit(f"after {bad!r}: {lines}")
    print("bestmove 0000 after a refused position")


def check_nodes(binary, _fish):
    """`go nodes N` answers the deepest level whose nodes, with those before it, are within N;
    each level's line counts the nodes from `go`."""
    for engine in ("z80", "native"):
        words, lines = bestmove(binary, engine, f"position fen {MIDDLEGAME}", "go nodes 20000")
        levels = [l.split() for l in lines if l.startswith("info depth")]
        counts = [int(l[l.index("nodes") + 1]) for l in levels]
        total = counts[-1] if counts else 0
        last = levels[-1] if levels else ["pv", ""]
        if total > 20000 or len(levels) < 2 or last[last.index("pv") + 1] != words[1]:
            raise SystemExit(f"{engine}: {total} nodes in {len(levels)} levels: {lines}")
        if counts != sorted(counts):
            raise SystemExit(f"{engine}: nodes are counted from go, they never go down: {counts}")
        print(f"{engine}: {len(levels)} levels, {total} nodes, {words[1]}")


HANGING_QUEEN = "r3k2r/pppp1ppp/8/3q4/8/4N3/PPPP1PPP/R3K2R w KQkq - 0 1"


def check_move_now(binary, _fish):
    """`stop` during `go depth N` answers the best move known, not the first in the list."""
    for engine in ("z80", "native"):
        proc = session(binary, engine, f"position fen {HANGING_QUEEN}", "go depth 9")
        time.sleep(0.5)
        send(proc, "stop")
        lines, _ = collect(proc, "bestmove", 10)
        finish(proc)
        if lines[-1].split()[1] != "e3d5":
            raise SystemExit(f"{engine}: {lines}")
        print(f"{engine}: {lines[-1]}")


WON = ("8/8/8/4k3/8/8/8/3QK3 w - - 0 2 moves e1f2 e5e4 d1d6 e4f5 d6d5 f5f6 d5d4 f6e6 d4e4 e6d7 "
       "e4d5 d7e7 d5e4 e7d6 e4d4 d6e7 d4e5 e7d7 e5d5 d7c7 d5e5 c7d7", "go depth 3", "e5d5")
FIFTY = ("8/8/8/4k3/8/8/P7/3QK3 w - - 99 80", "go depth 5", "d1e2")


def check_won_games(binary, _fish):
    """With the defaults, a queen up, neither the third repetition nor a claimable fifty-move
    draw is played; with `Avoid repetition` off, the 1978 choice is."""
    for engine in ("z80", "native"):
        for position, go, spoiling in (WON, FIFTY):
            words, lines = bestmove(binary, engine, f"position fen {position}", go)
            said = [l for l in lines if "avoid repetition" in l]
            board = chess.Board(position.split(" moves ")[0])
            for move in position.split(" moves ")[1].split() if " moves " in position else []:
                board.push_uci(move)
            board.push_uci(words[1])
            if words[1] == spoiling or not said or board.can_claim_draw():
                raise SystemExit(f"{engine}: {position}: {words[1]} throws the win away: {lines}")
            last = [l.split() for l in lines if l.startswith("info depth")][-1]
            if last[last.index("pv") + 1] != words[1]:
                raise SystemExit(f"{engine}: the last line's pv is not the move played: {lines}")
            off, _ = bestmove(binary, engine, "setoption name Avoid repetition value false",
                              f"position fen {position}", go)
            if off[1] != spoiling:
                raise SystemExit(f"{engine}: the 1978 choice is {spoiling}, not {off[1]}")
            print(f"{engine}: {words[1]} where the 1978 choice {spoiling} draws: {said[0]}")


# Mates the 1978 search claims, and what standard chess has (Stockfish at depth 40 agrees):
# (position, depth, the score a GUI must be told).
MATES = (
    ("8/8/8/4KQ2/7k/8/8/5N2 w - - 0 2", 5, "mate 2"),
    ("8/8/8/K7/8/6R1/7k/3R4 w - - 0 1", 3, "mate 2"),
    ("8/8/8/K7/8/6R1/7k/3R4 w - - 0 1", 5, "mate 2"),
    ("1R6/8/8/8/5K2/3p3k/8/8 w - - 0 2", 5, "mate 3"),
    ("8/1k1P4/q7/8/2r5/8/8/4K3 b - - 0 1", 4, "mate 3"),
    ("k7/8/8/4Q3/8/7K/6p1/5R2 w - - 0 1", 4, "mate 3"),
    ("8/8/7R/7N/6k1/8/3QK3/8 b - - 0 1", 4, "mate -2"),
    ("8/k7/8/4R3/5Q2/6K1/7p/8 w - - 0 1", 3, "cp 1300"),
)


def check_mate_scores(binary, fish_binary):
    """`score mate N` only for a mate standard chess has, at its exact distance; a mate the
    1978 rules see and standard chess does not is `cp` with an `info string` that says why.
    Stockfish confirms each distance."""
    fish = chess.engine.SimpleEngine.popen_uci(fish_binary)
    try:
        for fen, depth, score in MATES:
            if score.startswith("mate"):
                want = int(score.split()[1])
                info = fish.analyse(chess.Board(fen), chess.engine.Limit(depth=40))
                if info["score"].relative.mate() != want:
                    raise SystemExit(f"Stockfish: {fen}: {info['score']}, not {score}")
            for engine in ("z80", "native"):
                words, lines = bestmove(binary, engine, f"position fen {fen}", f"go depth {depth}")
                levels = [l for l in lines if l.startswith("info depth")]
                told = " ".join(levels[-1].split()[4:6]) if levels else None
                why = [l for l in lines if "standard chess has none" in l]
                if told != score or (score.startswith("cp") and not why):
                    raise SystemExit(f"{engine}: {fen} depth {depth}: told {told}, not {score}: {lines}")
            print(f"{fen} depth {depth}: {score}")
    finally:
        fish.quit()


QUEENS = "qqq1kqqq/8/8/8/8/8/8/QQQ1KQQQ w - - 0 20"


def check_tiny_budget(binary, _fish):
    """A budget below the emulated first level's cost (fourteen queens: about 0.2 s) is
    answered as `stop` does: PLYMAX 1 searched natively, within the budget (plus the pipe's
    lag)."""
    for go in ("go movetime 10", "go wtime 20 btime 20"):
        proc = session(binary, "z80", f"position fen {QUEENS}")
        send(proc, "isready")
        collect(proc, "readyok", 10)
        send(proc, go)
        lines, waited = collect(proc, "bestmove", 10)
        finish(proc)
        said = [l for l in lines if "answering PLYMAX 1, searched natively" in l]
        if not said or waited > 0.1:
            raise SystemExit(f"{go}: {waited * 1000:.0f} ms: {lines}")
        print(f"{go}: {lines[-1]} after {waited * 1000:.0f} ms, {said[0][:70]}...")


def check_controls(binary, fish_binary):
    """Repeating 40-move controls of 4 s: each is reached with at least 0.4 s left (a tenth
    of the control, less than a second). A game that ends before goes on with a new one on
    the same clock (the control belongs to the clock)."""
    for engine in ("native", "z80"):
        board = chess.Board()
        me, fish = sargon(binary, engine), stockfish(fish_binary)
        clock, lefts, moves = 4.0, [], 0
        try:
            while len(lefts) < 2:
                if board.is_game_over(claim_draw=True):
                    board = chess.Board()
                if board.turn == chess.WHITE:
                    to_go = 40 - moves % 40
                    moves += 1
                    limit = chess.engine.Limit(white_clock=clock, black_clock=4.0,
                                               remaining_moves=to_go)
                    started = time.monotonic()
                    result = me.play(board, limit)
                    clock -= time.monotonic() - started
                    if clock <= 0:
                        raise SystemExit(f"{engine} lost on time at ply {len(board.move_stack)}")
                    if to_go == 1:
                        lefts.append(clock)
                        clock += 4.0
                else:
                    result = fish.play(board, chess.engine.Limit(nodes=200))
                board.push(result.move)
        finally:
            me.quit()
            fish.quit()
        if min(lefts) < 0.4:
            raise SystemExit(f"{engine}: left at the controls: {lefts}")
        print(f"{engine}: left at the controls: {', '.join(f'{t:.2f} s' for t in lefts)}")


def check_window(binary, _fish):
    """The engine window stays quiet by default: at most one `info string` per search, depths
    that never go down (a shorter mate is reported at the depth searched), nodes and time from
    `go`. `Details` adds each level's score byte and T-states."""
    for engine in ("z80", "native"):
        for position, go in ((MIDDLEGAME, "go depth 4"), (MATE_AT_HAND, "go depth 3"),
                             (MIDDLEGAME, "go movetime 500")):
            _, lines = bestmove(binary, engine, f"position fen {position}", go)
            strings = [l for l in lines if l.startswith("info string")]
            levels = [l.split() for l in lines if l.startswith("info depth")]
            field = lambda key: [int(l[l.index(key) + 1]) for l in levels]
            if len(strings) > 1 or any(f != sorted(f) for f in (field("depth"), field("nodes"), field("time"))):
                raise SystemExit(f"{engine} {go}: {lines}")
            print(f"{engine} {go}: {len(levels)} level lines, {len(strings)} info string")
        _, lines = bestmove(binary, engine, "setoption name Details value true",
                            f"position fen {MIDDLEGAME}", "go depth 2")
        bytes_ = [l for l in lines if "SCORE+1" in l]
        tstates = [l for l in lines if "T-states" in l]
        if len(bytes_) != 1 or len(tstates) != (1 if engine == "z80" else 0):
            raise SystemExit(f"{engine} with Details: {lines}")
        print(f"{engine} with Details: {bytes_[0]}")


CHECKS = {
    "game": check_game,
    "same-moves": check_same_moves,
    "stop": check_stop,
    "isready": check_isready,
    "clock": check_clock,
    "score": check_score,
    "mates": check_mates,
    "avoid": check_avoid,
    "ponder": check_ponder,
    "time-use": check_time_use,
    "infinite": check_infinite,
    "refused": check_refused,
    "nodes": check_nodes,
    "move-now": check_move_now,
    "won-games": check_won_games,
    "mate-scores": check_mate_scores,
    "tiny-budget": check_tiny_budget,
    "controls": check_controls,
    "window": check_window,
}

if __name__ == "__main__":
    CHECKS[sys.argv[3]](sys.argv[1], sys.argv[2])
