"""What practice tells whoever listens (a class's homework, ``classes.record``)."""

from django.dispatch import Signal

# A change stored (a move, an undo, the next deal): ``match`` (``models.Match``) and
# ``practice`` (``match.Practice``, as it now stands).
changed = Signal()
