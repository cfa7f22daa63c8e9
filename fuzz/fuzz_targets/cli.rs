//! The option parser on arbitrary argument vectors (wc's option table): it never
//! panics or loops, every operand it yields is one of the arguments, every option is
//! one of the table's, and a required argument is always present.
#![no_main]
use bareutils::cli::{Args, HasArg, Item, Parser};
use bareutils::wc::OPTS;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() > 512 {
        return;
    }
    let posix = data.first().is_some_and(|b| b & 1 == 1);
    let body = if data.is_empty() { data } else { &data[1..] };
    // SAFETY: the parser and every item it yields are dropped before this call
    // returns, so the borrowed input outlives them; the parser's API asks for
    // 'static only because argv is static in the binary.
    let body: &'static [u8] = unsafe { core::mem::transmute::<&[u8], &'static [u8]>(body) };
    let args: Vec<&'static [u8]> = body.split(|&b| b == 0).take(16).collect();
    let args: &'static [&'static [u8]] = Box::leak(args.into_boxed_slice());
    let parser = Parser::new(b"wc", &OPTS, Args::List(args)).with_posix(posix);
    let mut items = 0usize;
    let limit: usize = args.iter().map(|a| a.len() + 1).sum::<usize>() + 1;
    for item in parser {
        items += 1;
        assert!(items <= limit, "more items than argument bytes");
        match item {
            Item::Operand(o) => assert!(
                args.iter().any(|a| core::ptr::eq(a.as_ptr(), o.as_ptr()) && a.len() == o.len()),
                "operand is not an argument"
            ),
            Item::Opt(id, arg) => {
                let i = OPTS.ids.iter().position(|&o| o == id).expect("unknown id");
                match OPTS.rows[i].arg {
                    HasArg::No => assert!(arg.is_none()),
                    HasArg::Required => assert!(arg.is_some()),
                    HasArg::Optional => {}
                }
            }
            Item::Error => {}
        }
    }
    // SAFETY: `args` came from Box::leak just above and nothing refers to it now.
    drop(unsafe { Box::from_raw(args as *const [&[u8]] as *mut [&[u8]]) });
});
