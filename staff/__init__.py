"""What staff and regulators share across the apps, at the bottom of the app layers (every
app may import it; it imports no app): the staff audit hook, the regulator roles, the
admin's reason tool, and the outage record. The AuditLog model that the audit hook's
receiver writes stays in reports: moving a model between apps would cost a migration of
its table for no gain."""
