"""What a completion item inserts, as a client that takes LSP 3.17 item defaults reads it."""

from lsprotocol import types


def item_edit(result, item: types.CompletionItem) -> tuple[types.Range | None, str]:
    """The range an item replaces and its text: its own `textEdit`, or its `textEditText` (the label when absent)
    over the list's default `editRange`; `(None, text)` for an item that only has an insert text."""
    if item.text_edit is not None:
        edit = item.text_edit
        return (edit.range if isinstance(edit, types.TextEdit) else edit.replace), edit.new_text
    defaults = result.item_defaults if isinstance(result, types.CompletionList) else None
    if defaults is not None and isinstance(defaults.edit_range, types.Range):
        return defaults.edit_range, item.text_edit_text if item.text_edit_text is not None else item.label
    return None, item.insert_text or item.label


def item_format(result, item: types.CompletionItem) -> types.InsertTextFormat | None:
    """The item's insert text format, or the list's default."""
    defaults = result.item_defaults if isinstance(result, types.CompletionList) else None
    return item.insert_text_format or (defaults.insert_text_format if defaults is not None else None)


def with_defaults(result, item: types.CompletionItem) -> types.CompletionItem:
    """The item as a client that takes item defaults keeps it, and sends it back to `completionItem/resolve`: VS Code's
    client fills in the list's default data (and edit range) of an item that has none."""
    defaults = result.item_defaults if isinstance(result, types.CompletionList) else None
    if defaults is None:
        return item
    import attrs

    changes = {}
    if item.data is None and defaults.data is not None:
        changes["data"] = defaults.data
    if item.text_edit is None and isinstance(defaults.edit_range, types.Range):
        changes["text_edit"] = types.TextEdit(range=defaults.edit_range, new_text=item.text_edit_text or item.label)
        changes["text_edit_text"] = None
    if item.insert_text_format is None and defaults.insert_text_format is not None:
        changes["insert_text_format"] = defaults.insert_text_format
    return attrs.evolve(item, **changes)
