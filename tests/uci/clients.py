"""Drives `sargon-z80 uci` with python-chess and a raw pipe, as GUIs do.

Usage: clients.py SARGON_BINARY STOCKFISH_BINARY CHECK
CHECK is one of: game, same-moves, stop, isready, clock. Prints what it did; exits non-zero
with the reason on any failure.
"""

import subprocess
import sys
import time

import chess
import chess.engine

SEED = "1978"


def sargon(binary, engine):
    uci = chess.engine.SimpleEngine.popen_uci([binary, "uci", "--engine", engine])
    uci.configure({"Seed": SEED})
    return uci


def stockfish(binary):
    uci = chess.engine.SimpleEngine.popen_uci(binary)
    uci.configure({"Skill Level": 0, "Threads": 1, "Hash": 16})
    return uci


def play_game(binary, fish_binary, engine, depth, plies, sargon_color=chess.WHITE):
    """Sargon against Stockfish until the game is over (mate, stalemate, a draw a GUI would
    claim or adjudicate) or `plies` moves were played; returns the moves (UCI) and the board."""
    board = chess.Board()
    me, fish = sargon(binary, engine), stockfish(fish_binary)
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
        moves, board = play_game(binary, fish_binary, engine, 2, 1000, color)
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
    moves, _ = play_game(binary, fish_binary, "z80", 3, 40)
    native = sargon(binary, "native")
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
    proc.stdin.write(line + "\n")
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
        me, fish = sargon(binary, engine), stockfish(fish_binary)
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


CHECKS = {
    "game": check_game,
    "same-moves": check_same_moves,
    "stop": check_stop,
    "isready": check_isready,
    "clock": check_clock,
}

if __name__ == "__main__":
    CHECKS[sys.argv[3]](sys.argv[1], sys.argv[2])
