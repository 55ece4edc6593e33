"""Italian and English interface text, and the choice of language for a request.

The language comes from ``?lang=`` (remembered in a cookie), else the cookie, else the
browser's ``Accept-Language`` (Italian when the browser asks for it first), else English.

>>> pick_language(None, None, "it-IT,it;q=0.9,en;q=0.8")
'it'
>>> pick_language(None, None, "en-GB,it;q=0.5"), pick_language("it", None, "en")
('en', 'it')
>>> translate("it", "score")
'Calcola'
"""

from __future__ import annotations

__all__ = ["LANGUAGES", "pick_language", "translate", "unit_name"]

LANGUAGES = ("it", "en")

_TEXT: dict[str, tuple[str, str]] = {
    # key: (Italian, English)
    "app": ("muraglia", "muraglia"),
    "calculator": ("Calcolatore", "Calculator"),
    "settle_page": ("Conteggio della mano", "Deal settlement"),
    "play": ("Gioca contro i bot", "Play against bots"),
    "replay": ("Rivedi una partita", "Replay viewer"),
    "api_docs": ("API", "API"),
    "language": ("Lingua", "Language"),
    "rules": ("Regolamento", "Ruleset"),
    "hand": ("Mano", "Hand"),
    "notation_help": (
        "Notazione: 123m 456p 789s 11z, [555z] scoperto, (1111p) kong nascosto, "
        "[5555p+] kong aggiunto, 1f fiore, +4m tegola vincente",
        "Notation: 123m 456p 789s 11z, [555z] exposed, (1111p) concealed kong, "
        "[5555p+] added kong, 1f flower, +4m winning tile",
    ),
    "picker": ("Scegli le tegole", "Pick tiles"),
    "add_to": ("Aggiungi a", "Add to"),
    "target_concealed": ("mano nascosta", "concealed hand"),
    "target_winning": ("tegola vincente", "winning tile"),
    "target_chow": ("scala scoperta", "exposed chow"),
    "target_pung": ("tris scoperto", "exposed pung"),
    "target_kong": ("kong scoperto", "exposed kong"),
    "target_ckong": ("kong nascosto", "concealed kong"),
    "target_akong": ("kong aggiunto", "added kong"),
    "target_dora": ("indicatore di dora", "dora indicator"),
    "target_ura": ("indicatore di ura dora", "ura dora indicator"),
    "backspace": ("Cancella l'ultima", "Remove last"),
    "clear": ("Svuota", "Clear"),
    "situation": ("Situazione", "Situation"),
    "win": ("Chiusura", "Win"),
    "win_ron": ("su scarto (ron)", "on a discard (ron)"),
    "win_tsumo": ("pescata (tsumo)", "self-drawn (tsumo)"),
    "win_none": ("nessuna (punti della mano)", "none (hand points)"),
    "seat_wind": ("Vento proprio", "Seat wind"),
    "round_wind": ("Vento di giro", "Round wind"),
    "discarder": ("Chi ha scartato", "Discarder"),
    "dealer": ("Mazziere", "Dealer"),
    "flags": ("Circostanze", "Flags"),
    "options": ("Opzioni del regolamento", "Ruleset options"),
    "default": ("predefinito", "default"),
    "dora": ("Indicatori di dora", "Dora indicators"),
    "ura": ("Indicatori di ura dora", "Ura dora indicators"),
    "honba": ("Honba", "Honba (counters)"),
    "riichi_sticks": ("Bastoncini riichi sul tavolo", "Riichi sticks on the table"),
    "score": ("Calcola", "Score"),
    "compare": ("Confronta i cinque regolamenti", "Compare all five rulesets"),
    "result": ("Risultato", "Result"),
    "valid_win": ("vittoria valida", "valid win"),
    "invalid_win": ("non è una vittoria valida", "not a valid win"),
    "pattern": ("Combinazione", "Pattern"),
    "value": ("Valore", "Value"),
    "limit": ("Limite", "Limit"),
    "payments": ("Pagamenti", "Payments"),
    "fu_breakdown": ("Fu", "Fu"),
    "explanation": ("Spiegazione", "Explanation"),
    "error": ("Errore", "Error"),
    "impossible": ("impossibile", "impossible"),
    "concealed": ("nascoste", "concealed"),
    "melds": ("Combinazioni dichiarate", "Declared melds"),
    "bonus": ("Fiori e stagioni", "Flowers and seasons"),
    "winning_tile": ("Tegola vincente", "Winning tile"),
    "highlight_hint": (
        "Passa sopra (o tocca) una voce per evidenziare le tegole che la guadagnano.",
        "Hover (or tap) an item to highlight the tiles that earn it.",
    ),
    "not_for_rules": ("non usata da questo regolamento", "not read by this ruleset"),
    "same_hand": ("La stessa mano nei cinque regolamenti", "The same hand under all five rulesets"),
    "back": ("Torna al calcolatore", "Back to the calculator"),
    "deal": ("Mano (4 giocatori)", "Deal (4 players)"),
    "winner": ("Ha vinto", "Winner"),
    "status": ("Penalità", "Penalty"),
    "none": ("nessuna", "none"),
    "settle": ("Salda", "Settle"),
    "values": ("Valori", "Values"),
    "transfers": ("Trasferimenti", "Transfers"),
    "from": ("da", "from"),
    "to": ("a", "to"),
    "amount": ("importo", "amount"),
    "net": ("Saldo", "Net"),
    "seat": ("Posto", "Seat"),
    "player": ("Giocatore", "Player"),
    "settle_help": (
        "Scrivi le quattro mani; il vincitore con la tegola vincente (+X).",
        "Write the four hands; the winner's with its winning tile (+X).",
    ),
    "points_unit": ("punti", "points"),
    # the calculator's totals (the result's fields): han, fu and fan are the same words
    "total_han": ("han", "han"),
    "total_fu": ("fu", "fu"),
    "total_fan": ("fan", "fan"),
    "total_flowers": ("fiori", "flowers"),
    "total_points": ("punti", "points"),
    "total_doubles": ("raddoppi", "doubles"),
    "doubles_unit": ("raddoppi", "doubles"),
    "total": ("Totale", "Total"),
    "analysis": ("Analisi", "Analysis"),
    "shanten": ("Shanten", "Shanten"),
    "waits": ("Attese", "Waits"),
    "best_discards": ("Scarti migliori", "Best discards"),
    "no_wait_yet": ("non ancora in attesa", "not ready yet"),
    "complete_hand": ("Mano completa", "Complete hand"),
    "nothing": ("—", "—"),
    "act_discard": ("Scarta", "Discard"),
    "act_riichi": ("riichi", "riichi"),
    "act_win": ("Mah-Jong!", "Mah-Jong!"),
    "act_self_drawn": ("pescata", "self-drawn"),
    "act_pung": ("Tris (pung)", "Pung"),
    "act_kong": ("Kong", "Kong"),
    "act_chow": ("Scala (chow)", "Chow"),
    "act_pass": ("Passo", "Pass"),
    "act_concealed_kong": ("Kong nascosto", "Concealed kong"),
    "act_added_kong": ("Kong aggiunto", "Added kong"),
    "act_no_discard": ("Chiudi la mano senza scartare", "End the deal without discarding"),
    "act_declare": ("Dichiara", "Declare"),
    "act_penalise": ("Penalità", "Penalty"),
    "act_pass_tiles": ("Passa", "Pass"),
    "new_game": ("Nuova partita", "New game"),
    "your_seat": ("Il tuo posto", "Your seat"),
    "bot": ("Bot", "Bot"),
    "deals": ("Mani da giocare (vuoto: partita intera)", "Deals to play (empty: whole match)"),
    "seed": ("Seme (vuoto: a caso)", "Seed (empty: random)"),
    "start": ("Inizia", "Start"),
    "options_spec": ("Opzioni (es. limit=2000)", "Options (e.g. limit=2000)"),
    "wall": ("Muro", "Wall"),
    "dead_wall": ("Muro morto", "Dead wall"),
    "indicators": ("Indicatori di dora", "Dora indicators"),
    "round": ("Giro", "Round"),
    "pot": ("Sul tavolo", "On the table"),
    "your_hand": ("La tua mano", "Your hand"),
    "drawn": ("pescata", "drawn"),
    "on_offer": ("In offerta", "On offer"),
    "waiting": ("Attendi: tocca agli altri.", "Waiting for the others."),
    "your_move": ("Tocca a te", "Your move"),
    "keys_help": (
        "Tasti: 1–0 - = scartano le tegole da sinistra, le lettere scelgono i pulsanti.",
        "Keys: 1–0 - = discard the tiles from the left, letters pick the buttons.",
    ),
    "deal_over": ("Mano finita", "Deal over"),
    "match_over": ("Partita finita", "Match over"),
    "next_deal": ("Mano successiva", "Next deal"),
    "hands_shown": ("Le mani", "The hands"),
    "record": ("Scarica la registrazione", "Download the record"),
    "log": ("Ultime mosse", "Last moves"),
    "claimed": ("chiamata", "claimed"),
    "dealer_mark": ("mazziere", "dealer"),
    "tiles_in_hand": ("tegole in mano", "tiles in hand"),
    "charleston_help": (
        "Charleston: scegli quattro tegole da passare",
        "Charleston: choose four tiles to pass",
    ),
    "scores": ("Punteggi", "Scores"),
    "tables": ("Tavolo con amici", "Table with friends"),
    "tournaments": ("Tornei", "Tournaments"),
    "tables_help": (
        "Crea un tavolo e manda il link: fino a quattro persone si siedono, i posti vuoti "
        "vanno ai bot. Se qualcuno si disconnette, un bot gioca per lui finché non torna.",
        "Create a table and share the link: up to four people sit down, empty seats get bots. "
        "If someone disconnects, a bot plays for them until they come back.",
    ),
    "your_name": ("Il tuo nome", "Your name"),
    "create_table": ("Crea il tavolo", "Create the table"),
    "share_link": ("Link da condividere", "Link to share"),
    "free_seat": ("libero (bot)", "free (bot)"),
    "you": ("tu", "you"),
    "join": ("Siediti", "Sit down"),
    "table_full": ("Il tavolo è al completo.", "The table is full."),
    "start_table": ("Inizia la partita", "Start the game"),
    "wait_host": ("Attendi che chi ha creato il tavolo inizi.", "Waiting for the host to start."),
    "table_started": ("La partita è già iniziata.", "The game has already started."),
    "table": ("tavolo (bastoncini)", "table (sticks)"),
    "replay_help": (
        "Apri una registrazione: la nostra (.jsonl), Tenhou mjlog XML, tenhou.net/6 JSON o un log "
        "mjai. Carica il file o incolla il testo; il motore la rigioca mossa per mossa.",
        "Open a record: ours (.jsonl), Tenhou mjlog XML, tenhou.net/6 JSON or an mjai log. "
        "Upload the file or paste the text; the engine replays it move by move.",
    ),
    "record_file": ("File della registrazione", "Record file"),
    "record_text": ("…oppure incolla il testo", "…or paste the text"),
    "open_record": ("Apri", "Open"),
    "open_another": ("Apri un'altra registrazione", "Open another record"),
    "deals_count": ("mani", "deals"),
    "deal_one": ("mano", "deal"),
    "view_of": ("Mostra", "Show"),
    "all_hands": ("tutte le mani", "all hands"),
    "review_seat": ("Revisione delle scelte di", "Review the decisions of"),
    "apply": ("Applica", "Apply"),
    "review": ("Revisione", "Review"),
    "review_help": (
        "Le scelte che sono costate di più in shanten e tegole utili (ukeire) rispetto a quella "
        "del nostro bot migliore (expert), con il valore atteso (giocato / bot). Decisioni "
        "esaminate:",
        "The choices that cost most in shanten and useful tiles (ukeire) against our best "
        "bot's (expert), with the expected value (played / bot). Decisions reviewed:",
    ),
    "review_clean": (
        "Nessuna scelta è costata shanten o tegole utili.",
        "No choice cost shanten or useful tiles.",
    ),
    "agreement": ("come il bot", "as the bot"),
    "step": ("Passo", "Step"),
    "steps": ("Passi", "Steps"),
    "played": ("Giocato", "Played"),
    "bot_would": ("Il bot (expert)", "The bot (expert)"),
    "ukeire": ("Tegole utili", "Ukeire"),
    "jump_to_deal": ("Vai alla mano", "Jump to deal"),
    "replay_keys": (
        "Frecce ← → (o rotella del mouse sul tavolo): un passo; PagSu/PagGiù: una mano; Fine: i "
        "punteggi finali.",
        "Arrow keys ← → (or the mouse wheel over the table): one step; Page Up/Down: one deal; "
        "End: the final scores.",
    ),
    "not_reproduced": ("Il motore non riproduce la registrazione", "The engine differs"),
    "final_scores": ("Punteggi finali", "Final scores"),
    "after_last_deal": ("dopo l'ultima mano", "after the last deal"),
    "match_end": (
        "a fine partita (uma, bastoncini rimasti)",
        "at the match's end (uma, sticks left)",
    ),
    "error_400": ("Richiesta non valida", "Bad request"),
    "error_401": ("Accesso richiesto", "Login required"),
    "error_403": ("Non consentito", "Not allowed"),
    "error_404": ("Non trovato", "Not found"),
    "error_405": ("Metodo non consentito", "Method not allowed"),
    "error_409": ("Conflitto", "Conflict"),
    "error_413": ("Troppo grande", "Too large"),
    "error_422": ("Richiesta non valida", "Bad request"),
    "log_in": ("Accedi", "Log in"),
    "E": ("Est", "East"),
    "S": ("Sud", "South"),
    "W": ("Ovest", "West"),
    "N": ("Nord", "North"),
}


_UNITS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    # unit: ((Italian one, many), (English one, many))
    "doubles": (("raddoppio", "raddoppi"), ("double", "doubles")),
    "points": (("punto", "punti"), ("point", "points")),
}


def unit_name(lang: str, unit: str, value: object) -> str:
    """A pattern's unit in ``lang``, singular for a value of 1 (``1 double``, ``2 raddoppi``).

    >>> unit_name("en", "doubles", 1), unit_name("it", "doubles", 2), unit_name("en", "han", 1)
    ('double', 'raddoppi', 'han')
    """
    forms = _UNITS.get(unit)
    if forms is None:
        return unit
    one, many = forms[0] if lang == "it" else forms[1]
    return one if value == 1 else many


def translate(lang: str, key: str) -> str:
    """The interface text ``key`` in ``lang`` (the key itself when unknown)."""
    pair = _TEXT.get(key)
    if pair is None:
        return key
    return pair[0] if lang == "it" else pair[1]


def pick_language(query: str | None, cookie: str | None, accept: str | None) -> str:
    """The interface language: the query, else the cookie, else Accept-Language, else English."""
    for choice in (query, cookie):
        if choice in LANGUAGES:
            return choice
    best, best_q = "en", -1.0
    for part in (accept or "").split(","):
        piece = part.strip()
        if not piece:
            continue
        tag, _, params = piece.partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        code = tag.strip().lower()[:2]
        if code in LANGUAGES and q > best_q:
            best, best_q = code, q
    return best
