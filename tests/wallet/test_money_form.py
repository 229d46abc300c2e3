"""The wallet page's money forms (money_form in wallet/templatetags/money.py) write what
{% include "wallet/_money_form.html" %} writes, an unbound form's markup written once per
process with each page's own tokens put in."""

from django.middleware.csrf import get_token
from django.template import engines
from django.test import RequestFactory

from wallet.forms import DepositForm, WithdrawalForm

INCLUDED = '{% include "wallet/_money_form.html" with form=form action=action button=button %}'
TAGGED = "{% load money %}{% money_form form action button %}"


def written(template: str, form, csrf_token) -> str:
    context = {"form": form, "action": "/wallet/deposit/?a=1&b=2", "button": "Pay & go"}
    context.update(CURRENCY="GBP", csrf_token=csrf_token)
    return engines["django"].from_string(template).render(context)


def test_an_unbound_form_is_written_as_the_include_writes_it_with_its_own_tokens():
    token = get_token(RequestFactory().get("/"))
    for form_class in (DepositForm, WithdrawalForm, DepositForm):
        form = form_class()
        tagged = written(TAGGED, form, token)
        assert tagged == written(INCLUDED, form, token)
        assert f'name="token" value="{form.fresh_token}"' in tagged
        assert f'name="csrfmiddlewaretoken" value="{token}"' in tagged
    other = DepositForm()
    assert f'value="{other.fresh_token}"' in written(TAGGED, other, "another-token")
    assert 'value="another-token"' in written(TAGGED, other, "another-token")


def test_a_refused_form_and_a_page_without_a_token_are_written_through_the_template():
    refused = DepositForm({"amount": "-3"})
    refused.is_valid()
    refused.add_error(None, "Refused <for now>.")
    assert written(TAGGED, refused, "a-token") == written(INCLUDED, refused, "a-token")
    assert "Refused &lt;for now&gt;." in written(TAGGED, refused, "a-token")
    for missing in ("", "NOTPROVIDED"):
        unbound = DepositForm()
        assert written(TAGGED, unbound, missing) == written(INCLUDED, unbound, missing)
        assert "csrfmiddlewaretoken" not in written(TAGGED, unbound, missing)
