"""Bot strength tables from ``muraglia simulate --json`` outputs.

Command: ``python bench/strength_players.py FILE.json...`` (the outputs of runs such as
``muraglia simulate --rules ravenna --games 200 --seed 2026 --workers 2 --rotate
--bots efficiency,random,efficiency,random --json > ravenna-efficiency-random-2026.json``).

Files of the same ruleset and table (the same set of bots) are summed, and one Markdown table
row per bot is printed: matches (and how many ended in an engine error and are left out of
every other column), deals, win rate, deal-in rate (deals lost by discarding the
winning tile, per deal played), mean value of the hands won, mean placement and mean score.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args()
    tables: dict[tuple[str, str], dict[str, Any]] = {}
    for path in args.files:
        text = path.read_text(encoding="utf-8").strip()
        if not text:
            continue
        try:
            d = json.loads(text)  # report.json of --out
        except json.JSONDecodeError:
            d = json.loads(text.splitlines()[-1])  # stdout of --json
        key = (d.get("spec", d["rules"]), " vs ".join(sorted(d["bots"])))
        t = tables.setdefault(
            key, {"games": 0, "deals": 0, "errors": 0, "files": 0, "bots": defaultdict(dict)}
        )
        t["games"] += d["games"]
        t["deals"] += d["deals"]
        t["errors"] += d["errors"]
        t["files"] += 1
        for name, b in d["bots"].items():
            acc = t["bots"][name]
            for k in ("seats", "wins", "deal_ins", "deals", "self_drawn"):
                acc[k] = acc.get(k, 0) + b[k]
            acc["place"] = acc.get("place", 0.0) + b["mean_placement"] * b["seats"]
            acc["score"] = acc.get("score", 0.0) + b["mean_score"] * b["seats"]
            acc["value"] = acc.get("value", 0.0) + b["mean_value"] * b["wins"]
    print(
        "| ruleset | table | bot | matches (errors) | deals | win % | deal-in % | mean value "
        "| mean placement | mean score |"
    )
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for (spec, table), t in sorted(tables.items()):
        for name, a in sorted(t["bots"].items()):
            deals = a["deals"] or 1
            print(
                f"| {spec} | {table} | {name} | {t['games']} ({t['errors']}) | {t['deals']} | "
                f"{100 * a['wins'] / deals:.1f} | {100 * a['deal_ins'] / deals:.1f} | "
                f"{a['value'] / max(a['wins'], 1):.1f} | {a['place'] / a['seats']:.2f} | "
                f"{a['score'] / a['seats']:.1f} |"
            )


if __name__ == "__main__":
    main()
