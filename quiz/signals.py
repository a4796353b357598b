"""What the quiz tells whoever listens (a class's homework, ``classes.record``)."""

from django.dispatch import Signal

# An answer counted: ``request``, ``url_key`` ([game, variant, kind, seed], the seed with its
# house rules after a ``?``), ``answer`` (as ``questions.read_answer`` reads it), ``correct``.
answered = Signal()
