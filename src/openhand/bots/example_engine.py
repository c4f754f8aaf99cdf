"""An example outside engine speaking the JSON-lines protocol of
:mod:`openhand.bots.external`: it plays the first legal move.  Run it as
``python -m openhand.bots.example_engine``; a researcher's engine reads
and writes the same lines (it need not be Python)."""
import json
import sys

__all__ = ["main"]


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            print(json.dumps({"type": "hello", "name": "first-legal"}), flush=True)
        elif message["type"] == "move":
            print(json.dumps({"move": message["legal_moves"][0]}), flush=True)
        elif message["type"] == "quit":
            break


if __name__ == "__main__":
    main()
