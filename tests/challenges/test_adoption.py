"""A guest who plays a challenge and then signs in keeps the entry: its results, its place in
the ranking and the deals still to play become the account's, once; an account that already
has an entry in that challenge keeps its own."""

import pytest
from django.contrib.auth import get_user_model

from challenges.models import Entry, Play
from tests.challenges.helpers import finish, opened, start

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("rulebook")]


def test_signing_in_adopts_the_guests_entry_with_its_results(client):
    c = opened(size=2)
    first = start(client, c, 1)
    finish(client, first)
    guest = Entry.objects.get()
    assert guest.user is None and guest.guest and guest.deals_done == 1
    user = get_user_model().objects.create_user("layla", password="a long pass phrase")
    client.force_login(user)
    entry = Entry.objects.get()
    assert (entry.pk, entry.user, entry.guest, entry.deals_done) == (guest.pk, user, None, 1)
    assert Play.objects.get().entry == entry and Play.objects.get().score is not None
    # the account goes on with the second deal; the first stays played once
    finish(client, start(client, c, 2), seed=2)
    assert Entry.objects.get().deals_done == 2 and Play.objects.count() == 2
    assert start(client, c, 1) == first  # the deal played as a guest, not dealt again
    assert Play.objects.count() == 2
    client.logout()  # another sign-in adopts nothing twice
    client.force_login(user)
    assert Entry.objects.count() == 1


def test_an_accounts_own_entry_is_kept_and_the_guests_stays_a_guests(client):
    c = opened(size=1)
    user = get_user_model().objects.create_user("samir", password="a long pass phrase")
    elsewhere = type(client)()
    elsewhere.force_login(user)
    finish(elsewhere, start(elsewhere, c, 1))
    finish(client, start(client, c, 1), seed=3)  # the same person as a guest, before signing in
    client.force_login(user)
    assert Entry.objects.filter(user=user).count() == 1
    kept = Entry.objects.get(user=user)
    assert Play.objects.get(entry=kept).entry_id == kept.pk
    assert Entry.objects.filter(user=None).count() == 1  # the guest's, unchanged
