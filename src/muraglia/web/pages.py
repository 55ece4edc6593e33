"""Server-rendered pages: the calculator (``/``), the deal settlement (``/settle``).

Every page is a plain GET form: the URL holds the whole input (shareable, survives a
reload), the server scores with the CLI's own functions and renders the result; a little
JavaScript keeps the tile picture in sync with the notation box while typing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates

from muraglia.cli import score, settle
from muraglia.cli._common import INPUT_ERRORS, error_message
from muraglia.hand import Hand
from muraglia.notation import parse_hand, parse_tiles
from muraglia.rulesets import parse_spec, red_fives_per_suit
from muraglia.scoring.provenance import item_groups
from muraglia.tiles import BONUS_TILES, PLAYING_TILES, WIND_LETTERS
from muraglia.web.chrome import TEMPLATES, chrome, lang_of, remember_language
from muraglia.web.forms import WINDS, flag_reasons, item_from_query, ruleset_form
from muraglia.web.i18n import translate, unit_name
from muraglia.web.tiles import sprite, tile_name, tile_svg

__all__ = [
    "COMPARED",
    "RULESETS",
    "hand_view",
    "lang_of",
    "render",
    "render_fragment",
    "result_view",
    "router",
    "source_ids",
]

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=TEMPLATES)
templates.env.globals["WIND_LETTERS"] = WIND_LETTERS

COMPARED = ("fimj", "riichi-ema", "mcr", "seipalle", "ravenna")
"""The five rulesets of the side-by-side view (riichi-tenhou is EMA with Tenhou's options)."""
RULESETS = ("riichi-ema", "riichi-tenhou", "fimj", "mcr", "seipalle", "ravenna")
"""The calculator's ruleset menu."""


def _query(request: Request) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in request.query_params.multi_items():
        if key == "flag":
            out.setdefault("flag", []).append(value)
        else:
            out[key] = value
    return out


def render(request: Request, name: str, lang: str, context: dict[str, Any]) -> HTMLResponse:
    """Render template ``name`` with the common helpers (``t``, ``tile_name``, ``url_with``)."""
    context.update(chrome(request, lang))
    response = templates.TemplateResponse(request, name, context)
    remember_language(request, response)
    return response


def _with_status(response: HTMLResponse, error: object) -> HTMLResponse:
    """A form page that shows an input error answers 400, as the API does.

    The page itself, with the message in its result panel, is what the browser shows.
    """
    if error:
        response.status_code = 400
    return response


def render_fragment(name: str, lang: str, context: dict[str, Any]) -> str:
    """Render template ``name`` to a string (pushed over WebSockets), same helpers as pages."""
    context = {
        **context,
        "lang": lang,
        "t": lambda key: translate(lang, key),
        "tile_name": lambda n: tile_name(n, lang),
        "tile_svg": lambda n, cls="": tile_svg(n, cls, lang),
    }
    return templates.get_template(name).render(context)


# ---------------------------------------------------------------------------- hand pictures


def _tile(notation: str, uid: str, lang: str) -> dict[str, str]:
    return {"n": notation, "id": uid, "name": tile_name(notation, lang)}


def hand_view(text: str, lang: str) -> dict[str, Any]:
    """The picture of a hand: concealed tiles, melds, bonus tiles, winning tile, each with an id.

    Parsed leniently (a hand being typed may be short); ``problems`` lists what the strict
    parser would reject. ``groups`` maps group notations (``11z``, ``[555z]``, ``(1111p)``) to
    tile ids, for highlighting.

    Raises:
        NotationError: on text that is not notation at all.
    """
    hand = Hand.parse(text, strict=False)
    concealed = [_tile(t.notation, f"c{i}", lang) for i, t in enumerate(hand.concealed)]
    melds = []
    for j, m in enumerate(hand.melds):
        kind = "ckong" if m.concealed else ("akong" if m.added else str(m.kind))
        melds.append(
            {
                "tiles": [_tile(t.notation, f"m{j}-{i}", lang) for i, t in enumerate(m.tiles)],
                "kind": kind,
                "notation": m.notation,
                "source": m.source.value if m.source is not None else "",
            }
        )
    bonus = [_tile(t.notation, f"b{i}", lang) for i, t in enumerate(hand.bonus)]
    winning = _tile(hand.winning.notation, "w", lang) if hand.winning is not None else None
    return {
        "notation": hand.notation,
        "concealed": concealed,
        "melds": melds,
        "bonus": bonus,
        "winning": winning,
        "problems": hand.problems(),
    }


def _bare(notation: str) -> str:
    return notation.replace("<", "").replace("^", "").replace(">", "").replace("+", "")


def group_ids(view: Mapping[str, Any], group: str) -> list[str]:
    """The tile ids of ``group`` in a hand picture (first matching tiles for concealed groups)."""
    if group[0] in "[(":
        bare = _bare(group).replace("0", "5")
        for m in view["melds"]:
            if _bare(m["notation"]).replace("0", "5") == bare:
                return [t["id"] for t in m["tiles"]]
        return []
    try:
        wanted = [t.kind.notation for t in parse_tiles(group)]
    except INPUT_ERRORS:
        return []
    pool = [*view["concealed"], *([view["winning"]] if view["winning"] else [])]
    taken: list[str] = []
    for kind in wanted:
        for t in pool:
            if t["id"] not in taken and t["n"].replace("0", "5") == kind:
                taken.append(t["id"])
                break
    return taken


def source_ids(view: Mapping[str, Any], sources: Sequence[Mapping[str, Any]]) -> list[str]:
    """The tile ids of a hand picture that a pattern's ``tiles`` name, each tile taken once.

    The sources are ``muraglia score``'s: ``{"where": "meld", "meld": 0, "tiles": "555z"}``,
    ``concealed``, ``winning``, ``bonus``.

    A ``concealed`` source may hold the winning tile (it completes a concealed group): its
    kinds come from the concealed tiles first, then from the winning tile.
    """
    taken: list[str] = []

    def pick(pool: Sequence[Mapping[str, str]], kinds: Sequence[str]) -> list[str]:
        missing = []
        for kind in kinds:
            tile = next(
                (t for t in pool if t["id"] not in taken and t["n"].replace("0", "5") == kind),
                None,
            )
            if tile is None:
                missing.append(kind)
            else:
                taken.append(tile["id"])
        return missing

    winning = [view["winning"]] if view.get("winning") else []
    for source in sources:
        try:
            kinds = [t.kind.notation for t in parse_tiles(str(source.get("tiles", "")))]
        except INPUT_ERRORS:
            continue
        where = source.get("where")
        if where == "meld":
            index = source.get("meld")
            melds = view["melds"]
            if isinstance(index, int) and 0 <= index < len(melds):
                pick(melds[index]["tiles"], kinds)
        elif where == "winning":
            pick(winning, kinds)
        elif where == "bonus":
            pick(view["bonus"], kinds)
        elif where == "concealed":
            pick(winning, pick(view["concealed"], kinds))
    return taken


def _names(p: Mapping[str, Any], lang: str) -> dict[str, str]:
    first = p.get(lang) or p.get("en", p.get("id", ""))
    others = {k: p[k] for k in ("it", "en", "ja", "zh") if k in p and p[k] != first}
    return {"main": str(first), **others}


def result_view(result: Mapping[str, Any], view: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A score object with, per item, the display names and the ids of the tiles that earn it."""
    groups = item_groups(result)
    patterns = []
    for p, gs in zip(result.get("patterns", ()), groups["patterns"], strict=True):
        sources = p.get("tiles")
        if isinstance(sources, list) and all(isinstance(x, Mapping) for x in sources):
            ids = source_ids(view, sources)  # the scorer located the tiles (issue 13)
        else:
            ids = [i for g in gs for i in group_ids(view, g)]
        unit = unit_name(lang, str(p.get("unit", "")), p.get("value"))
        patterns.append({**p, "names": _names(p, lang), "hl": " ".join(ids), "unit_name": unit})
    fu = []
    for f, gs in zip(result.get("fu_breakdown", ()), groups["fu"], strict=True):
        ids = [i for g in gs for i in group_ids(view, g)]
        fu.append({**f, "text": f.get(lang) or f.get("en", ""), "hl": " ".join(ids)})
    explanation = result.get("explanation", {})
    return {
        **result,
        "patterns_view": patterns,
        "fu_view": fu,
        "lines": explanation.get(lang) or explanation.get("en", []),
    }


# ---------------------------------------------------------------------------- pages


@router.get("/tiles.svg")
def tiles_svg() -> Response:
    """The tile sprite (our own pictures, drawn by code)."""
    return Response(
        sprite(), media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"}
    )


FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
    '<rect x="5" y="1" width="22" height="30" rx="4" fill="#fffdf6" stroke="#1b2a44" '
    'stroke-width="2"/><circle cx="16" cy="16" r="7" fill="none" stroke="#b5442e" '
    'stroke-width="3"/><circle cx="16" cy="16" r="2.5" fill="#2e6b3a"/></svg>'
)
"""The site's icon: a tile with a circle (our own drawing, like the tiles)."""


@router.get("/favicon.ico")
@router.get("/favicon.svg")
def favicon() -> Response:
    """The icon browsers ask for on every page (an SVG; no 404 in the console)."""
    return Response(
        FAVICON, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"}
    )


@router.get("/fragment/hand", response_class=HTMLResponse)
def hand_fragment(request: Request, hand: str = "", rules: str = "") -> HTMLResponse:
    """The picture of a hand being typed (the calculator's live preview).

    ``rules``: the ruleset chosen; a red five where it has none is named at once, as the
    scorer would.
    """
    lang = lang_of(request)
    context: dict[str, Any] = {"view": None, "view_error": None}
    try:
        if rules.strip():
            rid, _ = parse_spec(rules)
            parse_hand(hand, strict=False, red_fives=red_fives_per_suit(rid) > 0)
        context["view"] = hand_view(hand, lang)
    except INPUT_ERRORS as exc:
        context["view_error"] = error_message(exc)
    return render(request, "_hand.html", lang, context)


def _score_or_error(item: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
    try:
        return score.compute(item), None
    except INPUT_ERRORS as exc:
        return None, error_message(exc)


def _compared(item: dict[str, Any], view: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    """The same hand and situation under each of :data:`COMPARED`.

    Flags a ruleset does not read and indicators it does not use are left out (and listed).
    """
    out = []
    for rid in COMPARED:
        form = ruleset_form(rid)
        known = {f.id for f in form.flags}
        trial = {k: v for k, v in item.items() if k not in ("flags", "dora", "ura")}
        trial["rules"] = rid
        flags = list(item.get("flags", ()))
        trial["flags"] = [f for f in flags if f in known]
        dropped = [f for f in flags if f not in known]
        for key, used in (("dora", form.dora), ("ura", form.ura)):
            if item.get(key):
                if used:
                    trial[key] = item[key]
                else:
                    dropped.append(key)
        result, error = _score_or_error(trial)
        out.append(
            {
                "id": rid,
                "title": form.title.get(lang) or form.title.get("en", rid),
                "result": result_view(result, view, lang) if result else None,
                "error": error,
                "dropped": dropped,
            }
        )
    return out


@router.get("/", response_class=HTMLResponse)
def calculator(request: Request) -> HTMLResponse:
    """The referee's calculator: hand, situation, result; ``compare=1`` for all five rulesets."""
    lang = lang_of(request)
    query = _query(request)
    context: dict[str, Any] = {
        "query": query,
        "rulesets": RULESETS,
        "winds": WINDS,
        "playing": [t.notation for t in PLAYING_TILES],
        "bonus_tiles": [t.notation for t in BONUS_TILES],
        "error": None,
        "result": None,
        "view": None,
        "view_error": None,
        "compare": None,
        "reasons": {},
    }
    rid = "riichi-ema"
    try:
        rid, _ = parse_spec(query.get("rules") or "riichi-ema")
        form = ruleset_form(rid)
        item = item_from_query(query)
    except INPUT_ERRORS as exc:
        context["error"] = error_message(exc)
        form = ruleset_form("riichi-ema")
        item = None
    context["form"] = form
    context["item"] = item
    hand = str(query.get("hand", "")).strip()
    if hand:
        try:
            context["view"] = hand_view(hand, lang)
        except INPUT_ERRORS as exc:  # shown once, in the result panel
            context["error"] = error_message(exc)
    if item is not None and hand and context["view"] is not None:
        result, error = _score_or_error(item)
        if error:
            context["error"] = error
        else:
            assert result is not None
            context["result"] = result_view(result, context["view"], lang)
            context["reasons"] = flag_reasons(item, form.flags, score.compute)
            if query.get("compare"):
                context["compare"] = _compared(item, context["view"], lang)
    return _with_status(render(request, "calc.html", lang, context), context["error"])


@router.get("/settle", response_class=HTMLResponse)
def settle_page(request: Request) -> HTMLResponse:
    """Settle a whole deal: four hands, winners, discarder, flags and penalties per seat."""
    lang = lang_of(request)
    query = _query(request)
    rid = "fimj"
    error = None
    try:
        rid, _ = parse_spec(query.get("rules") or "fimj")
        form = ruleset_form(rid)
    except INPUT_ERRORS as exc:
        error = error_message(exc)
        form = ruleset_form("fimj")
    item: dict[str, Any] = {
        "rules": query.get("rules") or rid,
        "round_wind": query.get("round_wind") or "E",
        "dealer": query.get("dealer") or "E",
        "winners": [w for w in WINDS if query.get(f"winner.{w}")],
        "discarder": query.get("discarder") or None,
        "hands": {w: query[f"hand.{w}"].strip() for w in WINDS if query.get(f"hand.{w}")},
    }
    flags = {
        w: [f.strip() for f in query[f"flags.{w}"].split(",") if f.strip()]
        for w in WINDS
        if query.get(f"flags.{w}")
    }
    if flags:
        item["flags"] = flags
    status = {w: query[f"status.{w}"] for w in WINDS if query.get(f"status.{w}")}
    if status:
        item["status"] = status
    result = None
    if item["hands"] and error is None:
        try:
            result = settle.compute(item)
        except INPUT_ERRORS as exc:
            error = error_message(exc)
    context = {
        "query": query,
        "rulesets": RULESETS,
        "winds": WINDS,
        "form": form,
        "result": result,
        "error": error,
        "views": {w: _safe_view(item["hands"].get(w, ""), lang) for w in WINDS},
        "lines": (result or {}).get("explanation", {}).get(lang, []),
    }
    return _with_status(render(request, "settle.html", lang, context), context["error"])


def _safe_view(text: str, lang: str) -> dict[str, Any] | None:
    if not text:
        return None
    try:
        return hand_view(text, lang)
    except INPUT_ERRORS:
        return None
