"""Reads Retrocam's exported OVOS .intent and .entity files with Padacioso (OVOS's pure-Python intent
engine) and recognizes sentences with them.

Usage: python3 ovos_check.py EXPORT_DIR < sentences (one a line)
Prints one JSON object a line: {"sentence", "intent" (or null), "entities"}. Run by VoiceExportTests.
"""
import sys, json
from pathlib import Path
from padacioso import IntentContainer
folder = Path(sys.argv[1]) / "locale" / "en-us"
container = IntentContainer(fuzz=False)
for f in sorted(folder.glob("*.intent")):
    container.add_intent(f.stem, [l for l in f.read_text().splitlines() if l.strip()])
for f in sorted(folder.glob("*.entity")):
    container.add_entity(f.stem, [l for l in f.read_text().splitlines() if l.strip()])
for sentence in sys.stdin.read().splitlines():
    # Padacioso's calc_intent starts a process pool per sentence; its matcher, called in turn, is the same
    # scoring without the pool (the best confidence wins, as in calc_intent).
    matches = [container._match(sentence, name, regexes) for name, regexes in container.intent_samples.items()]
    matches = [m for m in matches if m]
    best = max(matches, key=lambda m: m["conf"], default={})
    print(json.dumps({"sentence": sentence, "intent": best.get("name"), "entities": best.get("entities")}))
