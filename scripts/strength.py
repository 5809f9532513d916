#!/usr/bin/env python3
"""Measures the strength of `sargon-z80 uci` against Stockfish at limited strength.

Each match plays Sargon at one setting (a fixed level, `go depth N`, or a clock) against
Stockfish with UCI_LimitStrength and one UCI_Elo, alternating colours, from the start position,
every game played to its end by the rules (checkmate, stalemate, insufficient material, threefold
repetition, the fifty-move rule). The rating follows from the score: Elo = opponent's UCI_Elo +
400 log10(score / (1 - score)), with a 95 % interval from the games' spread. Stockfish anchors
UCI_Elo to the CCRL 40/4 list, so the figures are on that scale, not FIDE's.

Usage:
  scripts/strength.py --match depth=3@1350 --match clock=10+0.1@1600 --games 40 --seed 1

Every game prints one line as it ends (also to --log as JSON lines); the table comes at the end.
The seed draws Sargon's Seed option per game (the R register that picks white's first book
move); Stockfish's weakening draws its own random numbers, so a replay plays the same seeds and
colours but not necessarily the same moves.
"""

import argparse
import json
import math
import os
import random
import shlex
import sys
import time

import chess
import chess.engine


def parse_match(text):
    """`depth=N@ELO` or `clock=BASE+INC@ELO` (seconds)."""
    try:
        limit, elo = text.split("@")
        kind, value = limit.split("=")
        elo = int(elo)
        if kind == "depth":
            return {"kind": "depth", "depth": int(value), "elo": elo, "name": f"Ply {int(value)}"}
        if kind == "clock":
            base, inc = value.split("+")
            return {"kind": "clock", "base": float(base), "inc": float(inc), "elo": elo,
                    "name": f"clock {value}"}
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f"{text!r}: expected depth=N@ELO or clock=BASE+INC@ELO")


def parse_clock(text):
    base, inc = text.split("+")
    return float(base), float(inc)


class Clock:
    """A side's clock: base time plus an increment after each move."""

    def __init__(self, base, inc):
        self.left, self.inc = base, inc

    def spend(self, seconds):
        self.left -= seconds
        flagged = self.left <= 0
        self.left += self.inc
        return flagged


def play_game(args, match, sargon_white, seed):
    """One game to its end; returns Sargon's points (1, 0.5, 0), the reason and the moves."""
    board = chess.Board()
    # A loaded machine can take long to start an engine: no start-up time limit worth the name.
    sargon = chess.engine.SimpleEngine.popen_uci([args.sargon, "uci", "--engine", args.engine],
                                                 timeout=600)
    fish = chess.engine.SimpleEngine.popen_uci(args.stockfish, timeout=600)
    try:
        sargon.configure({"Seed": str(seed), **args.option})
        fish.configure({"UCI_LimitStrength": True, "UCI_Elo": match["elo"], "Threads": 1,
                        "Hash": 16})
        own = Clock(match["base"], match["inc"]) if match["kind"] == "clock" else None
        # A clock match is played on equal clocks; against a fixed level Stockfish has its own
        # clock, or a node limit (which no load on the machine can change).
        fish_clock = Clock(match["base"], match["inc"]) if own else Clock(*args.sf_clock)
        while board.outcome(claim_draw=True) is None:
            sargon_turn = board.turn == (chess.WHITE if sargon_white else chess.BLACK)
            engine, clock = (sargon, own) if sargon_turn else (fish, fish_clock)
            if sargon_turn:
                limit = sargon_limit(match, board, own, fish_clock, sargon_white)
            elif own is None and args.sf_nodes:
                limit, clock = chess.engine.Limit(nodes=args.sf_nodes), None
            else:
                limit = clock_limit(board, fish_clock, own or fish_clock, not sargon_white)
            started = spent(args, engine)
            result = engine.play(board, limit)
            if clock is not None and clock.spend(spent(args, engine) - started - args.margin):
                points = 0.0 if sargon_turn else 1.0
                return points, "time forfeit", board
            if result.move is None or result.move not in board.legal_moves:
                return (0.0 if sargon_turn else 1.0), f"illegal move {result.move}", board
            board.push(result.move)
    finally:
        sargon.quit()
        fish.quit()
    outcome = board.outcome(claim_draw=True)
    if outcome.winner is None:
        points = 0.5
    else:
        points = 1.0 if outcome.winner == (chess.WHITE if sargon_white else chess.BLACK) else 0.0
    return points, outcome.termination.name.lower().replace("_", " "), board


def spent(args, engine):
    """The time an engine has had: wall time, or with --cpu-clock the CPU time its process
    used (so that a side is charged what it computed, not the time a loaded machine kept it
    waiting)."""
    if not args.cpu_clock:
        return time.monotonic()
    pid = engine.protocol.transport.get_pid()
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def clock_limit(board, mine, theirs, mine_is_white):
    white, black = (mine, theirs) if mine_is_white else (theirs, mine)
    return chess.engine.Limit(white_clock=max(white.left, 0.001), black_clock=max(black.left, 0.001),
                              white_inc=white.inc, black_inc=black.inc)


def sargon_limit(match, board, own, fish_clock, sargon_white):
    if match["kind"] == "depth":
        return chess.engine.Limit(depth=match["depth"])
    return clock_limit(board, own, fish_clock, sargon_white)


def parse_option(text):
    """NAME=VALUE as a pair for `configure`."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, not {text!r}")
    return name.strip(), value.strip()


def rating(points, elo):
    """Elo and the half-width of its 95 % interval from a list of game points."""
    n = len(points)
    score = sum(points) / n
    var = sum((p - score) ** 2 for p in points) / max(n - 1, 1)
    margin = 1.96 * math.sqrt(var / n)

    def to_elo(s):
        s = min(max(s, 0.5 / n), 1 - 0.5 / n)
        return elo + 400 * math.log10(s / (1 - s))

    low, high = to_elo(score - margin), to_elo(score + margin)
    return score, to_elo(score), (high - low) / 2


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sargon", default="target/release/sargon-z80")
    parser.add_argument("--engine", default="native", choices=["native", "z80"])
    parser.add_argument("--stockfish", default="stockfish")
    parser.add_argument("--table-from", nargs="+", metavar="LOG",
                        help="print the table of the games in these --log files and exit")
    parser.add_argument("--match", type=parse_match, action="append",
                        help="depth=N@ELO or clock=BASE+INC@ELO (repeatable)")
    parser.add_argument("--games", type=int, default=20, help="games per match (even: colours alternate)")
    parser.add_argument("--sf-clock", type=parse_clock, default=(10.0, 0.1),
                        help="Stockfish's clock BASE+INC in seconds against a fixed level "
                             "(default 10+0.1; a clock match gives both sides its clock)")
    parser.add_argument("--sf-nodes", type=int, default=None,
                        help="against a fixed level, Stockfish searches this many nodes a move "
                             "instead of playing on a clock")
    parser.add_argument("--margin", type=float, default=0.0,
                        help="seconds of each move's time not charged to the clock (a GUI's "
                             "time margin, for a loaded machine)")
    parser.add_argument("--cpu-clock", action="store_true",
                        help="charge each move's CPU time to the clocks instead of its wall time "
                             "(Linux; for a machine shared with other work)")
    parser.add_argument("--option", type=parse_option, action="append", default=[],
                        help="NAME=VALUE: a UCI option of Sargon's other than its default "
                             "(repeatable; the log records every game's options)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--log", default=None, help="append every game as a JSON line here")
    args = parser.parse_args()
    args.option = dict(args.option)
    if args.table_from:
        return table_from_logs(args.table_from)
    if not args.match:
        parser.error("at least one --match is needed")
    seed = args.seed if args.seed is not None else random.randrange(1 << 31)
    replay = " ".join(shlex.quote(word) for word in [sys.argv[0]] + [
        a for a in sys.argv[1:]] + ([] if args.seed is not None else ["--seed", str(seed)]))
    print(f"seed {seed}: replay with {replay}", flush=True)
    rng = random.Random(seed)
    rows = []
    for match in args.match:
        points = []
        for game in range(args.games):
            sargon_white = game % 2 == 0
            game_seed = rng.randrange(1 << 32)
            started = time.monotonic()
            try:
                got, reason, board = play_game(args, match, sargon_white, game_seed)
            except (chess.engine.EngineError, chess.engine.EngineTerminatedError,
                    TimeoutError) as error:
                print(f"{match['name']} game {game + 1} (seed {game_seed}) not counted: {error!r}",
                      flush=True)
                continue
            points.append(got)
            line = {"match": match["name"], "elo": match["elo"], "game": game + 1,
                    "options": args.option or "defaults",
                    "sargon": "white" if sargon_white else "black", "seed": game_seed,
                    "points": got, "end": reason, "plies": len(board.move_stack),
                    "seconds": round(time.monotonic() - started, 1),
                    "moves": " ".join(m.uci() for m in board.move_stack)}
            print(f"{match['name']} vs {match['elo']} game {game + 1}: Sargon {line['sargon']}, "
                  f"{got} ({reason}, {line['plies']} plies, {line['seconds']} s, seed {game_seed})",
                  flush=True)
            if args.log:
                with open(args.log, "a") as log:
                    log.write(json.dumps(line) + "\n")
        rows.append((match, points))
    print_table(rows)
    print(f"\nseed {seed}")


def print_table(rows):
    """The table of (match, points) rows, in Markdown."""
    print()
    print("| Sargon | opponent UCI_Elo | games | +/=/- | score | Elo (CCRL 40/4) |")
    print("|---|---|---|---|---|---|")
    for match, points in rows:
        score, elo, margin = rating(points, match["elo"])
        wins, draws = points.count(1.0), points.count(0.5)
        print(f"| {match['name']} | {match['elo']} | {len(points)} | {wins}/{draws}/"
              f"{len(points) - wins - draws} | {100 * score:.1f} % | {elo:.0f} ± {margin:.0f} |")


def table_from_logs(paths):
    """The table of the games in --log files (runs with other seeds pool into one row)."""
    rows = {}
    for path in paths:
        with open(path) as log:
            for line in log:
                game = json.loads(line)
                key = (game["match"], game["elo"])
                rows.setdefault(key, ({"name": game["match"], "elo": game["elo"]}, []))
                rows[key][1].append(game["points"])
    print_table(list(rows.values()))


if __name__ == "__main__":
    main()
