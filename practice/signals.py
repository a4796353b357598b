"""What practice tells whoever listens (a class's homework, ``classes.record``)."""

from django.dispatch import Signal

# A change stored (a move, an undo, the next deal): ``match`` (``models.Match``) and
# ``practice`` (``match.Practice``, as it now stands).
changed = Signal()

# A challenge's deal changing, sent inside the transaction that stores the change (``match``,
# ``practice``): a receiver writes with it (the deal's result, once), or refuses the change by
# raising ``match.Conflict``, and then nothing is stored.
storing = Signal()
