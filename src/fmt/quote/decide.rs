//! Deciding how one name is written: a "maybe" style turned into its always-quoting
//! twin when a byte needs quoting, and a single-quoted name with an apostrophe
//! written in the `c` style when that is safe (both found by a dry run of the
//! writer).

use super::out::Out;
use super::plan::{Findings, Plan};
use super::write::run;
use super::{Quoting, Style};

/// Chooses the plan `name` is written with, and whether a `$'…'` segment counts as
/// open when writing starts (see [`Findings::dollar_open`]).
#[inline(never)]
pub(super) fn decide(q: &Quoting, name: &[u8]) -> (Plan, bool) {
    let mut plan = Plan::of(q.style, q.utf8, q.high, q.extra, q.quotes);
    let dry_run =
        |plan: &Plan, f: &mut Findings| run(plan, name, false, &mut Out::new(None, false), f);
    if plan.bare && dry_run(&plan, &mut Findings::default()).is_err() {
        plan = plan.forced();
    }
    if plan.single && !plan.bare {
        let mut f = Findings::default();
        let _ = dry_run(&plan, &mut f);
        if f.apostrophe {
            if f.double_quote_safe {
                return (
                    Plan::of(Style::C, q.utf8, q.high, plan.extra, q.quotes),
                    false,
                );
            }
            return (plan, f.dollar_open);
        }
    }
    (plan, false)
}
