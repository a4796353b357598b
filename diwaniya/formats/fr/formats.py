# « 2 décembre 2026 à 14:55 »; the rest falls back to Django's French formats.
DATETIME_FORMAT = "j F Y à H:i"
