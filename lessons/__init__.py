"""Lessons: guided hands that anyone writes and shares by a link (``shared/spec/lessons.md``).

The lesson object is the tutorials' format (``tutorials.lesson``); this app stores lessons with
their versions, serves the JSON API and the pages, and counts learners' answers.
"""
