"""Words that can be said in every language the table speaks, made where they are meant
(a setting's check, an option's range) and said where they are shown (the staff page in
its language, the command line in English).

A ``Phrase`` is a ``str``: as text it is the English sentence, exactly what the command
line, check-config and the logs have always said, so code that only prints it needs no
change; ``said(language)`` gives it in another language. Each owner keeps its words in one
table, ``{"de": {key: template}, "en": {key: template}}``, and makes its phrases with
``phrasebook(table)``. A template is ``str.format`` text or a function of the values; a
value that is itself a Phrase is said in the same language."""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

Words = Mapping[str, Mapping[str, "str | Callable[..., str]"]]


class Phrase(str):
    """English as a str; ``said(language)`` in any language of its table."""

    def __new__(cls, say: Callable[[str], str]) -> "Phrase":
        phrase = super().__new__(cls, say("en"))
        phrase._say = say
        return phrase

    def said(self, language: str) -> str:
        return self._say(language)

    # A phrase never changes, so a copy is itself; pickled (to another process) it is its
    # English, as everything that leaves the table in words.
    def __copy__(self) -> "Phrase":
        return self

    def __deepcopy__(self, memo) -> "Phrase":
        return self

    def __reduce__(self):
        return str, (str(self),)


def said(language: str, words: Any) -> Any:
    """``words`` in ``language`` if they are a Phrase; anything else as it is (a rules
    engine's own sentence, a number, a name)."""
    return words.said(language) if isinstance(words, Phrase) else words


def phrasebook(table: Words) -> Callable[..., Phrase]:
    """The maker of ``table``'s phrases: ``phrase(key, **values)``."""
    def phrase(key: str, /, **values) -> Phrase:
        def say(language: str) -> str:
            template = table[language][key]
            filled = {name: said(language, value) for name, value in values.items()}
            return template(**filled) if callable(template) else template.format(**filled)
        return Phrase(say)
    return phrase


def joined(parts: Iterable[Any], separator: str = "; ") -> Phrase:
    """``parts`` (phrases or plain text) as one phrase, each said in the same language."""
    parts = tuple(parts)
    return Phrase(lambda language: separator.join(str(said(language, p)) for p in parts))


def phrase_of(error: BaseException) -> Any:
    """What ``error`` says, as a Phrase where it was raised with one (``ValueError(phrase)``),
    else its English text."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Phrase) else str(error)
