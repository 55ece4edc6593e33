"""Game records in and out (the layer between the engine and the players).

* :mod:`muraglia.io.record`: our JSON Lines records (``dumps``, ``loads``, ``replay``);
* :mod:`muraglia.io.mjai`: mjai event streams (export and import);
* :mod:`muraglia.io.tenhou`: Tenhou mjlog XML and tenhou.net/6 JSON (parsing, export);
* :mod:`muraglia.io.tenhou_replay`: Tenhou records replayed through the live engine and
  checked against every recorded event and settlement (``muraglia replay --check``).

Every module here uses the engine's own state machine; none re-derives a rule.
"""
