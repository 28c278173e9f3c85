"""Reads Retrocam's exported hassil YAML with the real hassil and recognizes sentences with it.

Usage: python3 hassil_check.py retrocam.yaml sentences.json
Prints a JSON list with, for each sentence, {"intent": name, "value": slot value or null} or null when
hassil matches nothing. Run by VoiceExportTests inside a throwaway venv with hassil from PyPI.
"""
import json
import sys

from hassil import Intents, recognize


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as yaml_file:
        intents = Intents.from_yaml(yaml_file)
    with open(sys.argv[2], encoding="utf-8") as sentences_file:
        sentences = json.load(sentences_file)
    answers = []
    for sentence in sentences:
        result = recognize(sentence, intents)
        if result is None:
            answers.append(None)
            continue
        entity = result.entities.get("value")
        answers.append({"intent": result.intent.name, "value": None if entity is None else str(entity.value)})
    print(json.dumps(answers))


if __name__ == "__main__":
    main()
