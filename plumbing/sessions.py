"""The database session store, safe for what the site keeps in a session (``SESSION_ENGINE``).

- Two requests of one session can run at once (two tabs, a double click). Each saves the
  session as it read it, so the later save would drop what the earlier one granted. Saving
  locks the stored row and folds its ownership into ours (``ownership.merge``).
- Rows keyed by a session (quiz and tutorial progress) follow it when its key changes, as at
  an admin's login, instead of being deleted with the old key.
"""

from django.contrib.sessions.backends.db import SessionStore as DatabaseStore
from django.db import router, transaction

from . import ownership


class SessionStore(DatabaseStore):
    def save(self, must_create=False):
        if self.session_key is None or must_create:
            return super().save(must_create)
        with transaction.atomic(using=router.db_for_write(self.model)):
            stored = (
                self.model.objects.select_for_update().filter(session_key=self.session_key).first()
            )
            if stored is not None:
                ownership.merge(self._get_session(), self.decode(stored.session_data))
            return super().save(must_create)

    def cycle_key(self):
        data, old = self._session, self.session_key
        self.create()
        self._session_cache = data
        if old:
            for relation in self.model._meta.related_objects:
                name = relation.field.name
                relation.related_model._base_manager.filter(**{name: old}).update(
                    **{name: self.session_key}
                )
            self.delete(old)
