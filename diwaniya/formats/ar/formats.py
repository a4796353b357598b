# Dates as Arabic writes them («2 ديسمبر 2026، 14:55»). Django's own Arabic formats leave the
# date and time pattern to the English default; the rest falls back to Django's.
DATE_FORMAT = "j F Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j F Y، H:i"
# The site writes Western digits in Arabic, and with them the Gulf and the Levant write a
# decimal point («1.5 نقطة»), not Django's comma.
DECIMAL_SEPARATOR = "."
