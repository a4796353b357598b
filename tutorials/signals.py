"""What the player tells whoever listens (a class's homework, ``classes.record``), so the
tutorials and lessons know nothing of who listens."""

from django.dispatch import Signal

# An answer or a hint posted to a question step, once the learner's progress is stored:
# ``request``, ``play`` (``player.Play``: ``slug``, ``tutorial``, ``extra["lesson_row"]``),
# ``number`` (the step), ``kind`` ("answer" or "hint"), ``token`` (the move answered, as the
# engine writes it; None for a hint), ``right``, ``question`` (its tries, hints, solved now).
answered = Signal()
