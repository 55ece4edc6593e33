"""Resident memory of fresh processes: import, one shanten call, a simulation worker.

Each scenario runs in a fresh ``python`` subprocess that prints its ``VmRSS`` (resident now)
and ``VmHWM`` (peak resident) from ``/proc/self/status`` (Linux), in MB:

- ``python``: the bare interpreter (the floor);
- ``import muraglia``;
- ``import + one shanten``: ``muraglia.shanten("123m456p789s1112z")`` (loads the tables);
- ``simulate worker <rules>``: ``play_match(rules, ["efficiency"] * 4, seed)`` for
  ``--matches`` seeded matches, what one worker of ``muraglia simulate`` runs;
- with ``--peers``: ``riichienv`` (a half-game with its trivial agent, if installed) and
  ``mahjong``'s ``Shanten`` (import + one call), for comparison.

    python bench/bench_memory.py [--matches 2] [--rules riichi-ema mcr fimj(tournament=true)]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import textwrap

PROBE = textwrap.dedent(
    """
    def _mem():
        fields = dict(
            line.split(":", 1) for line in open("/proc/self/status") if ":" in line
        )
        return [int(fields[k].split()[0]) / 1024 for k in ("VmRSS", "VmHWM")]
    """
)

SCENARIOS: dict[str, str] = {
    "python": "pass",
    "import muraglia": "import muraglia",
    "import + one shanten": "import muraglia\nmuraglia.shanten('123m456p789s1112z')",
}


def worker(rules: str, matches: int) -> str:
    return textwrap.dedent(
        f"""
        from muraglia.players.simulate import play_match
        for seed in range({matches}):
            out = play_match({rules!r}, ["efficiency"] * 4, seed)
            assert out["error"] is None, out["error"]
        """
    )


PEERS: dict[str, str] = {
    "mahjong: import + one shanten": textwrap.dedent(
        """
        from mahjong.shanten import Shanten
        from mahjong.tile import TilesConverter
        Shanten().calculate_shanten(TilesConverter.string_to_34_array(
            man="123", pin="456", sou="789", honors="1112"))
        """
    ),
    "riichienv: one half-game": textwrap.dedent(
        """
        from riichienv import RiichiEnv
        env = RiichiEnv(game_mode="4p-red-half", seed=1)
        obs = env.reset()
        steps = 0
        while not env.done() and steps < 20000:
            env.step({pid: o.legal_actions()[0] for pid, o in obs.items()})
            obs = env.get_observations()
            steps += 1
        """
    ),
}


def measure(code: str) -> tuple[float, float] | str:
    """(VmRSS, VmHWM) in MB at the end of ``code`` in a fresh interpreter, or the error."""
    script = PROBE + "\n" + code + "\nprint(*_mem())\n"
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        check=False,
    )
    if done.returncode:
        return done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "failed"
    rss, hwm = done.stdout.split()
    return float(rss), float(hwm)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=2)
    ap.add_argument("--rules", nargs="*", default=["riichi-ema", "mcr", "fimj(tournament=true)"])
    ap.add_argument("--peers", action="store_true", help="also measure installed peers")
    args = ap.parse_args()
    if not os.path.exists("/proc/self/status"):
        raise SystemExit("needs Linux /proc")
    scenarios = dict(SCENARIOS)
    for rules in args.rules:
        scenarios[f"simulate worker {rules} ({args.matches} matches)"] = worker(rules, args.matches)
    if args.peers:
        scenarios.update(PEERS)
    print(f"{'scenario':55s} {'RSS MB':>8s} {'peak MB':>8s}")
    for name, code in scenarios.items():
        got = measure(code)
        if isinstance(got, str):
            print(f"{name:55s} not measured: {got}")
        else:
            print(f"{name:55s} {got[0]:8.1f} {got[1]:8.1f}")


if __name__ == "__main__":
    main()
