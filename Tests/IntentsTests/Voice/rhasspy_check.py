"""Reads Retrocam's exported Rhasspy sentences.ini and slots with rhasspy-nlu and recognizes sentences.

Usage: python3 rhasspy_check.py EXPORT_DIR < sentences (one a line)
Prints one JSON object a line: {"sentence", "intent" (or null), "value"}. Run by VoiceExportTests.
"""
import sys, json
from pathlib import Path
import rhasspynlu
folder = Path(sys.argv[1])
intents = rhasspynlu.parse_ini((folder / "sentences.ini").read_text())
replacements = {}
for slot in (folder / "slots").iterdir():
    text = slot.read_text()
    replacements["$" + slot.name] = [rhasspynlu.Sentence.parse(line) for line in text.splitlines() if line.strip()]
graph = rhasspynlu.intents_to_graph(intents, replacements=replacements)
for sentence in sys.stdin.read().splitlines():
    results = rhasspynlu.recognize(sentence, graph, fuzzy=False)
    if not results:
        print(json.dumps({"sentence": sentence, "intent": None})); continue
    r = results[0]
    print(json.dumps({"sentence": sentence, "intent": r.intent.name, "value": {e.entity: e.value for e in r.entities}.get("value")}))
