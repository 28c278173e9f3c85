"""Reads one of Retrocam's voice exports with the real library and recognizes sentences with it.

Usage: python3 voice_libraries.py (hassil|rhasspy|padacioso) EXPORT_DIR < sentences.json
Reads a JSON list of sentences on stdin and prints a JSON list with, for each sentence, null when the
library matches nothing, else {"intent": name, "slots": {name: value}}. Run by the Swift tests inside a
throwaway venv with the libraries from PyPI (see VoiceVenv.swift).

hassil gets the text as written (it drops punctuation and skips the export's skip words itself).
Rhasspy and Padacioso get it as speech-to-text writes it: lowercase, without sentence punctuation, with
apostrophes, hyphens, decimal points and colons inside words kept. Rhasspy runs strict (fuzzy=False):
its fuzzy mode skips words it does not know, and would take "zoom in on the map" for "zoom in".
"""
import json
import re
import sys
from pathlib import Path


def speech_to_text(sentence: str) -> str:
    text = sentence.lower().replace("\u2019", "'").replace("&", " and ")
    text = re.sub(r"(?<![0-9])[.:](?![0-9])|[,!?;\"()]", " ", text)
    return " ".join(text.split())


def hassil(folder: Path, sentences):
    from hassil import Intents, recognize

    with open(folder / "retrocam.yaml", encoding="utf-8") as yaml_file:
        intents = Intents.from_yaml(yaml_file)
    for sentence in sentences:
        result = recognize(sentence, intents)
        if result is None:
            yield None
        else:
            yield {"intent": result.intent.name, "slots": {k: str(e.value) for k, e in result.entities.items()}}


def rhasspy(folder: Path, sentences):
    import rhasspynlu

    intents = rhasspynlu.parse_ini((folder / "sentences.ini").read_text(encoding="utf-8"))
    replacements = {}
    for slot in sorted((folder / "slots").iterdir()):
        lines = slot.read_text(encoding="utf-8").splitlines()
        replacements["$" + slot.name] = [rhasspynlu.Sentence.parse(line) for line in lines if line.strip()]
    graph = rhasspynlu.intents_to_graph(intents, replacements=replacements)
    for sentence in sentences:
        results = rhasspynlu.recognize(speech_to_text(sentence), graph, fuzzy=False)
        if not results:
            yield None
        else:
            best = results[0]
            yield {"intent": best.intent.name, "slots": {e.entity: str(e.value) for e in best.entities}}


def padacioso(folder: Path, sentences):
    from padacioso import IntentContainer

    locale = folder / "locale" / "en-us"
    container = IntentContainer(fuzz=False)
    for path in sorted(locale.glob("*.intent")):
        container.add_intent(path.stem, [l for l in path.read_text(encoding="utf-8").splitlines() if l.strip()])
    for path in sorted(locale.glob("*.entity")):
        container.add_entity(path.stem, [l for l in path.read_text(encoding="utf-8").splitlines() if l.strip()])
    for sentence in sentences:
        # calc_intent starts a process pool per sentence; its matcher, called in turn, scores the same way
        # (the best confidence wins, as in calc_intent).
        text = speech_to_text(sentence)
        matches = [container._match(text, name, regexes) for name, regexes in container.intent_samples.items()]
        matches = [m for m in matches if m]
        if not matches:
            yield None
            continue
        best = max(matches, key=lambda m: m["conf"])
        yield {"intent": best["name"], "slots": {k: str(v) for k, v in (best.get("entities") or {}).items()}}


def main() -> None:
    library, folder = sys.argv[1], Path(sys.argv[2])
    sentences = json.load(sys.stdin)
    recognizer = {"hassil": hassil, "rhasspy": rhasspy, "padacioso": padacioso}[library]
    print(json.dumps(list(recognizer(folder, sentences))))


if __name__ == "__main__":
    main()
