#!/usr/bin/env python3
"""Merges a todo edited both in Daywise and in a vdirsyncer folder, losing neither side's edit.

vdirsyncer calls it with the two versions' files (conflict_resolution = ["command", "<this
script>"], ADR 0041) and takes the result once both files are the same. The version changed last
(LAST-MODIFIED) is kept; every property the other version has and it has not is added; every
value the other version holds differently is written into the DESCRIPTION, under a line saying so,
so that nothing either side wrote is lost and the user can choose. Only Python's standard library
and python3-icalendar (a todoman dependency) are needed.
"""

import sys

from icalendar import Calendar

# Properties that say when and how the item was written, or where it sorts, not what it holds.
BOOKKEEPING = {"DTSTAMP", "LAST-MODIFIED", "SEQUENCE", "UID", "CREATED", "X-APPLE-SORT-ORDER"}
HEADING = "Also written on the other side:"


def read(path):
    with open(path, "rb") as file:
        return Calendar.from_ical(file.read())


def vtodo(calendar):
    todos = [each for each in calendar.walk("VTODO")]
    if len(todos) != 1:
        raise SystemExit(f"expected one VTODO, found {len(todos)}")
    return todos[0]


def modified(todo):
    value = todo.get("LAST-MODIFIED") or todo.get("DTSTAMP")
    return value.dt if value is not None else None


def text(value):
    if isinstance(value, list):
        return ", ".join(text(each) for each in value)
    if hasattr(value, "to_ical"):
        raw = value.to_ical()
        return raw.decode() if isinstance(raw, bytes) else str(raw)
    return str(value)


def merge(first, second):
    """The merged calendar: the later of the two, with what only the earlier one says."""
    a, b = vtodo(first), vtodo(second)
    a_time, b_time = modified(a), modified(b)
    later_is_a = a_time is not None and (b_time is None or a_time >= b_time)
    kept_calendar, kept, other = (first, a, b) if later_is_a else (second, b, a)
    notes = []
    for name, value in other.property_items(recursive=False):
        if name in ("BEGIN", "END") or name in BOOKKEEPING:
            continue
        if name not in kept:
            kept.add(name, value)
        elif name == "DESCRIPTION":
            if text(value) not in text(kept[name]):
                notes.append(text(value))
        elif text(kept[name]) != text(value):
            notes.append(f"{name.capitalize()}: {text(value)}")
    if notes:
        description = text(kept.get("DESCRIPTION", ""))
        kept.pop("DESCRIPTION", None)
        joined = "\n".join(notes)
        kept.add("DESCRIPTION", f"{description}\n\n{HEADING}\n{joined}".strip())
    return kept_calendar


def main():
    if len(sys.argv) != 3:
        raise SystemExit("usage: caldav-merge.py A B (as vdirsyncer calls it)")
    merged = merge(read(sys.argv[1]), read(sys.argv[2])).to_ical()
    for path in sys.argv[1:]:
        with open(path, "wb") as file:
            file.write(merged)


if __name__ == "__main__":
    main()
