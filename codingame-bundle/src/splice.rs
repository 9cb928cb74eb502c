//! The syntax-tree steps of [`bundle`](super::bundle): fixing cargo-equip's
//! output so that rustc expands it, copying the procedural macros' impls
//! back from the expansion, and printing the result.

use super::BundleError;
use quote::ToTokens;
use std::collections::BTreeMap;
use std::path::PathBuf;
use syn::visit_mut::{self, VisitMut};
use syn::{Attribute, Item, ItemImpl, ItemMod, UseTree};

/// The module cargo-equip puts the bundled crates in.
const EQUIP: &str = "__cargo_equip";

/// Traits the compiler's built-in derives implement: their impls are left
/// to the derive attributes, which stay in the bundle.
const BUILTIN_DERIVES: [&str; 13] = [
    "Clone",
    "Copy",
    "Debug",
    "PartialEq",
    "Eq",
    "PartialOrd",
    "Ord",
    "Hash",
    "Default",
    "StructuralPartialEq",
    "StructuralEq",
    "ConstParamTy",
    "TrivialClone",
];

/// The attributes a procedural derive reads on its item, variants and fields
/// (thiserror's), dropped along with the derive.
const HELPER_ATTRS: [&str; 4] = ["error", "from", "source", "backtrace"];

/// Drops documentation inside the bundled crates, points the `crate::`
/// paths cargo-equip leaves (in generic arguments: `Result<(),
/// crate::MoveError>`) at the crate's module, replaces
/// `include!(concat!(env!("OUT_DIR"), "/file"))` by the build script's file
/// and makes `pub use dep;` of a bundled crate name its module.
pub(super) fn prepare(file: &syn::File, out_dirs: &BTreeMap<String, PathBuf>) -> Result<syn::File, BundleError> {
    let mut file = file.clone();
    let preludes = prelude_renames(&file);
    let Some(crates) = equip_module(&mut file, "crates") else {
        return Ok(file);
    };
    for item in crates.content.iter_mut().flat_map(|(_, items)| items.iter_mut()) {
        let Item::Mod(krate) = item else { continue };
        let module = krate.ident.to_string();
        StripDocs.visit_item_mod_mut(krate);
        CrateRoot { module: &module }.visit_item_mod_mut(krate);
        let out_dir = out_dirs.iter().find(|(name, _)| crate_module_matches(&module, name)).map(|(_, d)| d);
        if let Some((_, items)) = krate.content.as_mut() {
            let mut fixed = Vec::with_capacity(items.len());
            for it in items.drain(..) {
                match (&it, out_dir) {
                    (Item::Macro(m), Some(dir)) if m.mac.path.is_ident("include") => {
                        fixed.extend(included_items(&m.mac.tokens.to_string(), dir, &module)?);
                    }
                    (Item::Use(u), _) => fixed.push(Item::Use(rename_reexport(u.clone(), preludes.get(&module)))),
                    _ => fixed.push(it),
                }
            }
            *items = fixed;
        }
    }
    Ok(file)
}

/// Copies into `prepared` the impls that procedural derives made in
/// `expanded` (marked `#[automatically_derived]`, of a trait no built-in
/// derive implements), each into the module of its type, with the macro's
/// absolute crate paths (`::thiserror::..`) pointed at the bundled crate's
/// module; drops those derives, their helper attributes and the re-exports
/// of the procedural-macro crates. Returns the file and how many impls were
/// copied.
pub(super) fn splice(
    mut prepared: syn::File,
    expanded: &syn::File,
    proc_macro_crates: &[String],
) -> (syn::File, usize) {
    let modules: Vec<String> = equip_module(&mut prepared, "crates")
        .and_then(|m| m.content.as_ref())
        .map(|(_, items)| {
            items.iter().filter_map(|i| if let Item::Mod(m) = i { Some(m.ident.to_string()) } else { None }).collect()
        })
        .unwrap_or_default();
    let mut found = BTreeMap::<Vec<String>, Vec<Item>>::new();
    collect_derived(&expanded.items, &mut Vec::new(), &mut found);
    let mut count = 0;
    for (path, impls) in found {
        if let Some(items) = module_items(&mut prepared.items, &path) {
            for imp in impls {
                let mut imp = point_at_bundled(&imp, &modules);
                StripDocs.visit_item_mut(&mut imp);
                items.push(imp);
                count += 1;
            }
        }
    }
    DropProcDerives { proc_macro_crates }.visit_file_mut(&mut prepared);
    (prepared, count)
}

/// For expansion only: derives named through a facade crate
/// (`thiserror::Error`) named through their procedural-macro crate
/// (`::thiserror_impl::Error`), so that rustc finds them while the facade's
/// name stays free for the expansions' absolute paths (`::thiserror::..`).
pub(super) fn aim_derives(file: &syn::File, facades: &[(String, String)]) -> syn::File {
    let mut file = file.clone();
    AimDerives { facades }.visit_file_mut(&mut file);
    file
}

struct AimDerives<'a> {
    /// (facade, procedural-macro crate), both as crate names.
    facades: &'a [(String, String)],
}

impl VisitMut for AimDerives<'_> {
    fn visit_attribute_mut(&mut self, attr: &mut Attribute) {
        if !attr.path().is_ident("derive") {
            return;
        }
        let Ok(paths) =
            attr.parse_args_with(syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
        else {
            return;
        };
        let aimed: Vec<syn::Path> = paths
            .into_iter()
            .map(|mut p| {
                let first = p.segments.first().map(|s| s.ident.to_string()).unwrap_or_default();
                if let Some((_, pm)) = self.facades.iter().find(|(f, _)| *f == first) {
                    if let Some(seg) = p.segments.first_mut() {
                        seg.ident = syn::Ident::new(pm, seg.ident.span());
                    }
                    p.leading_colon = Some(syn::Token![::](proc_macro2::Span::call_site()));
                }
                p
            })
            .collect();
        *attr = syn::parse_quote!(#[derive(#(#aimed),*)]);
    }
}

/// The bundle as text: the bot's own items pretty-printed, the bundled
/// crates (already minified by cargo-equip) as compact tokens.
pub(super) fn render(file: &syn::File, bin: &str) -> String {
    let (equipped, own): (Vec<Item>, Vec<Item>) = file.items.iter().cloned().partition(is_equipped);
    let own = syn::File { shebang: None, attrs: file.attrs.clone(), items: own };
    let mut text = format!("// The `{bin}` bot and its crates in one file, made by `arena bundle`; do not edit.\n");
    text.push_str(&prettyplease::unparse(&own));
    for mut item in equipped {
        if let Item::Mod(m) = &mut item {
            text.push_str(&notices(&mut m.attrs));
        }
        text.push_str(&minify(item.into_token_stream()).replace(EQUIP, SHORT_EQUIP));
        text.push('\n');
    }
    text.replace(&format!("use {EQUIP}::"), &format!("use {SHORT_EQUIP}::"))
}

/// The bundle's shorter name for cargo-equip's module (named some 150 times).
const SHORT_EQUIP: &str = "__ce";

/// cargo-equip's list of bundled crates and their license notices (the
/// module's documentation) as `//` comments, each distinct notice once;
/// removes them from `attrs`.
fn notices(attrs: &mut Vec<Attribute>) -> String {
    let mut out = String::new();
    let mut seen: Vec<String> = Vec::new();
    let mut block: Option<String> = None;
    for attr in attrs.iter().filter(|a| a.path().is_ident("doc")) {
        let Ok(nv) = attr.meta.require_name_value() else { continue };
        let syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(line), .. }) = &nv.value else { continue };
        let line = line.value();
        let trimmed = line.trim();
        match (&mut block, trimmed) {
            (None, "```text") => block = Some(String::new()),
            (Some(body), "```") => {
                if let Some(i) = seen.iter().position(|s| s == body) {
                    out.push_str(&format!("//     (the same text as notice {})\n", i + 1));
                } else {
                    out.push_str(&format!("//     (notice {})\n", seen.len() + 1));
                    out.push_str(body);
                    seen.push(body.clone());
                }
                block = None;
            }
            (Some(body), _) => body.push_str(&format!("//     {trimmed}\n")),
            (None, _) => {
                let squeezed: Vec<&str> = line.split_whitespace().collect();
                out.push_str(&format!(
                    "// {}{}\n",
                    if line.starts_with("  -") { "  " } else { "" },
                    squeezed.join(" ")
                ));
            }
        }
    }
    attrs.retain(|a| !a.path().is_ident("doc"));
    out
}

fn is_equipped(item: &Item) -> bool {
    match item {
        Item::Mod(m) => m.ident == EQUIP,
        Item::Macro(m) => m.ident.as_ref().is_some_and(|i| i.to_string().starts_with(EQUIP)),
        _ => false,
    }
}

/// `__cargo_equip::<name>`.
fn equip_module<'a>(file: &'a mut syn::File, name: &str) -> Option<&'a mut ItemMod> {
    let equip = file.items.iter_mut().find_map(|i| match i {
        Item::Mod(m) if m.ident == EQUIP => Some(m),
        _ => None,
    })?;
    equip.content.as_mut()?.1.iter_mut().find_map(|i| match i {
        Item::Mod(m) if m.ident == name => Some(m),
        _ => None,
    })
}

/// Whether cargo-equip's module name for a crate (`yavalath`,
/// `__thiserror_2_0_21`) is package `name`'s.
fn crate_module_matches(module: &str, name: &str) -> bool {
    let name = name.replace('-', "_");
    module == name
        || module
            .strip_prefix("__")
            .and_then(|m| m.strip_prefix(name.as_str()))
            .and_then(|v| v.strip_prefix('_'))
            .is_some_and(|v| v.chars().all(|c| c.is_ascii_digit() || c == '_'))
}

/// The names each crate's prelude brings in under another path
/// (`use crate::__cargo_equip::crates::__game_core_0_1_0 as game_core`).
fn prelude_renames(file: &syn::File) -> BTreeMap<String, BTreeMap<String, syn::Path>> {
    let mut out = BTreeMap::new();
    let mut file = file.clone();
    let Some(preludes) = equip_module(&mut file, "preludes") else { return out };
    for item in preludes.content.iter().flat_map(|(_, items)| items) {
        let Item::Mod(m) = item else { continue };
        let mut renames = BTreeMap::new();
        for it in m.content.iter().flat_map(|(_, items)| items) {
            if let Item::Use(u) = it {
                flatten_renames(&u.tree, &mut Vec::new(), &mut renames);
            }
        }
        out.insert(m.ident.to_string(), renames);
    }
    out
}

fn flatten_renames(tree: &UseTree, prefix: &mut Vec<syn::Ident>, out: &mut BTreeMap<String, syn::Path>) {
    match tree {
        UseTree::Path(p) => {
            prefix.push(p.ident.clone());
            flatten_renames(&p.tree, prefix, out);
            prefix.pop();
        }
        UseTree::Rename(r) => {
            let mut segs = prefix.clone();
            segs.push(r.ident.clone());
            let path: syn::Path = syn::parse_quote!(#(#segs)::*);
            out.insert(r.rename.to_string(), path);
        }
        UseTree::Group(g) => g.items.iter().for_each(|t| flatten_renames(t, prefix, out)),
        UseTree::Name(_) | UseTree::Glob(_) => {}
    }
}

/// `pub use game_core;` in a bundled crate, where `game_core` comes from
/// the crate's prelude (private there), as `pub use <its module> as game_core;`.
fn rename_reexport(mut u: syn::ItemUse, renames: Option<&BTreeMap<String, syn::Path>>) -> syn::ItemUse {
    if let (UseTree::Name(n), Some(renames)) = (&u.tree, renames) {
        if let Some(path) = renames.get(&n.ident.to_string()) {
            let ident = &n.ident;
            u.tree = syn::parse_quote!(#path as #ident);
        }
    }
    u
}

/// The items of a build script's file named in `include!(concat!(env!("OUT_DIR"), "/file"))`,
/// with its `crate::` paths made to start at the bundled crate's module.
fn included_items(tokens: &str, out_dir: &std::path::Path, module: &str) -> Result<Vec<Item>, BundleError> {
    let name = tokens.split('"').nth(3).filter(|_| tokens.contains("OUT_DIR")).unwrap_or_default();
    let path = out_dir.join(name.trim_start_matches('/'));
    let text = std::fs::read_to_string(&path).map_err(|source| BundleError::Io { path: path.clone(), source })?;
    let text = syn::parse_file(&text)
        .map_err(|source| BundleError::Parse { what: path.display().to_string(), source })?
        .into_token_stream()
        .to_string()
        .replace("crate ::", &format!("crate :: {EQUIP} :: crates :: {module} ::"));
    let file =
        syn::parse_file(&text).map_err(|source| BundleError::Parse { what: path.display().to_string(), source })?;
    Ok(file.items)
}

/// Procedural derives' impls in `items` and their modules, by module path.
fn collect_derived(items: &[Item], path: &mut Vec<String>, out: &mut BTreeMap<Vec<String>, Vec<Item>>) {
    for item in items {
        match item {
            Item::Mod(m) => {
                path.push(m.ident.to_string());
                collect_derived(m.content.as_ref().map_or(&[][..], |(_, i)| i), path, out);
                path.pop();
            }
            Item::Impl(imp) if is_proc_derived(imp) => out.entry(path.clone()).or_default().push(item.clone()),
            _ => {}
        }
    }
}

/// Marked `#[automatically_derived]`, of a trait no built-in derive
/// implements, and not `#[doc(hidden)]` (the built-in derives' marker impls,
/// such as `TrivialClone`, are hidden and may name unstable traits).
fn is_proc_derived(imp: &ItemImpl) -> bool {
    let Some((_, trait_path, _)) = &imp.trait_ else { return false };
    let hidden =
        imp.attrs.iter().any(|a| a.path().is_ident("doc") && a.to_token_stream().to_string().contains("hidden"));
    let derived = !hidden && imp.attrs.iter().any(|a| a.path().is_ident("automatically_derived"));
    let name = trait_path.segments.last().map(|s| s.ident.to_string()).unwrap_or_default();
    derived && !BUILTIN_DERIVES.contains(&name.as_str())
}

fn module_items<'a>(items: &'a mut Vec<Item>, path: &[String]) -> Option<&'a mut Vec<Item>> {
    let Some((first, rest)) = path.split_first() else { return Some(items) };
    let m = items.iter_mut().find_map(|i| match i {
        Item::Mod(m) if m.ident == first.as_str() => Some(m),
        _ => None,
    })?;
    module_items(&mut m.content.as_mut()?.1, rest)
}

/// `::krate::` paths in a spliced impl, for bundled crates, made to name
/// the crate's module in the bundle.
fn point_at_bundled(item: &Item, modules: &[String]) -> Item {
    let mut text = item.to_token_stream().to_string();
    for module in modules {
        let name = module
            .strip_prefix("__")
            .map_or(module.as_str(), |m| m.trim_end_matches(|c: char| c.is_ascii_digit() || c == '_'));
        text = text.replace(&format!(":: {name} ::"), &format!("crate :: {EQUIP} :: crates :: {module} ::"));
    }
    syn::parse_str(&text).unwrap_or_else(|_| item.clone())
}

/// Makes `crate::x` paths in the bundled crate `module` (other than
/// `crate::__cargo_equip::..`, which cargo-equip wrote) name the crate's
/// module: `crate::__cargo_equip::crates::module::x`.
struct CrateRoot<'a> {
    module: &'a str,
}

impl VisitMut for CrateRoot<'_> {
    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        let mut segments = path.segments.iter();
        let from_root = path.leading_colon.is_none() && segments.next().is_some_and(|s| s.ident == "crate");
        if from_root && segments.next().is_some_and(|s| s.ident != EQUIP) {
            let span = path.segments[0].ident.span();
            let at = [EQUIP, "crates", self.module].map(|s| syn::PathSegment::from(syn::Ident::new(s, span)));
            let old = std::mem::take(&mut path.segments).into_iter();
            path.segments = old.clone().take(1).chain(at).chain(old.skip(1)).collect();
        }
        visit_mut::visit_path_mut(self, path);
    }
}

/// Attributes that change nothing in the compiled bot (docs; lints and what only they read:
/// `must_use`, `non_exhaustive`, derived-impl and deprecation marks), dropped from the bundled
/// crates and the impls spliced into them, to keep under CodinGame's limit.
const DROPPED_ATTRS: &str =
    "doc allow warn deny expect forbid must_use non_exhaustive automatically_derived deprecated";

/// Whether `attr` is `#[cfg_attr(feature = "...", ...)]`: the bundle is
/// compiled by rustc alone, where no feature is set, so it adds nothing
/// (cargo-equip has already dropped the items of features left off).
fn on_a_feature(attr: &Attribute) -> bool {
    let Ok(list) = attr.meta.require_list() else { return false };
    if !attr.path().is_ident("cfg_attr") {
        return false;
    }
    let tokens: Vec<proc_macro2::TokenTree> = list.tokens.clone().into_iter().take(4).collect();
    matches!(
        tokens.as_slice(),
        [proc_macro2::TokenTree::Ident(f), proc_macro2::TokenTree::Punct(eq), proc_macro2::TokenTree::Literal(_), proc_macro2::TokenTree::Punct(comma)]
            if f == "feature" && eq.as_char() == '=' && comma.as_char() == ','
    )
}

/// Drops the [`DROPPED_ATTRS`] and the attributes [`on_a_feature`].
struct StripDocs;

impl VisitMut for StripDocs {
    fn visit_attributes_mut(&mut self, attrs: &mut Vec<Attribute>) {
        attrs.retain(|a| !DROPPED_ATTRS.split(' ').any(|d| a.path().is_ident(d)) && !on_a_feature(a));
    }

    fn visit_item_mut(&mut self, item: &mut Item) {
        if let Some(attrs) = item_attrs(item) {
            self.visit_attributes_mut(attrs);
        }
        visit_mut::visit_item_mut(self, item);
    }

    fn visit_impl_item_mut(&mut self, item: &mut syn::ImplItem) {
        if let syn::ImplItem::Fn(f) = item {
            self.visit_attributes_mut(&mut f.attrs);
        }
        visit_mut::visit_impl_item_mut(self, item);
    }
}

fn item_attrs(item: &mut Item) -> Option<&mut Vec<Attribute>> {
    Some(match item {
        Item::Const(i) => &mut i.attrs,
        Item::Enum(i) => &mut i.attrs,
        Item::Fn(i) => &mut i.attrs,
        Item::Impl(i) => &mut i.attrs,
        Item::Macro(i) => &mut i.attrs,
        Item::Mod(i) => &mut i.attrs,
        Item::Static(i) => &mut i.attrs,
        Item::Struct(i) => &mut i.attrs,
        Item::Trait(i) => &mut i.attrs,
        Item::Type(i) => &mut i.attrs,
        Item::Use(i) => &mut i.attrs,
        _ => return None,
    })
}

/// Tokens as text with a space only where two tokens would otherwise run
/// together (cargo-equip's `--minify` keeps one between every two).
fn minify(tokens: proc_macro2::TokenStream) -> String {
    let mut out = String::new();
    let mut last = Last::Start;
    minify_into(tokens, &mut out, &mut last);
    out
}

/// What the minified text ends with, for deciding on a space.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    Start,
    /// An identifier or literal ending in an identifier character.
    Word,
    /// A literal ending in `.` (`1.`).
    Dot,
    /// A punctuation character not joined to the next one.
    AlonePunct,
    Other,
}

fn minify_into(tokens: proc_macro2::TokenStream, out: &mut String, last: &mut Last) {
    use proc_macro2::{Delimiter, Spacing, TokenTree};
    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    for tt in tokens {
        match tt {
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::None => ("", ""),
                };
                out.push_str(open);
                *last = Last::Other;
                minify_into(g.stream(), out, last);
                out.push_str(close);
                *last = Last::Other;
            }
            TokenTree::Punct(p) => {
                // `ident'a`, `ident#` are reserved prefixes since Rust 2021.
                let prefix = *last == Last::Word && matches!(p.as_char(), '\'' | '#');
                if *last == Last::AlonePunct || *last == Last::Dot || prefix {
                    out.push(' ');
                }
                out.push(p.as_char());
                *last = if p.spacing() == Spacing::Alone { Last::AlonePunct } else { Last::Other };
            }
            TokenTree::Ident(_) | TokenTree::Literal(_) => {
                let literal = matches!(tt, TokenTree::Literal(_));
                let text = tt.to_string();
                let first = text.chars().next();
                // A word before a word, a quote or a `#` would make one token
                // (an identifier, a literal's suffix, a reserved prefix).
                if (*last == Last::Word && (word(first) || matches!(first, Some('"' | '\'' | '#'))))
                    || *last == Last::Dot
                {
                    out.push(' ');
                }
                out.push_str(&text);
                *last = if text.ends_with('.') {
                    Last::Dot
                } else if literal || word(text.chars().last()) {
                    Last::Word
                } else {
                    Last::Other
                };
            }
        }
    }
}

/// Drops procedural derives (`thiserror::Error`), their helper attributes and
/// the re-exports of procedural-macro crates.
struct DropProcDerives<'a> {
    proc_macro_crates: &'a [String],
}

impl DropProcDerives<'_> {
    /// Removes procedural derives from `attrs`; true when there were some.
    fn drop_derives(attrs: &mut Vec<Attribute>) -> bool {
        let mut dropped = false;
        for attr in attrs.iter_mut().filter(|a| a.path().is_ident("derive")) {
            let Ok(paths) =
                attr.parse_args_with(syn::punctuated::Punctuated::<syn::Path, syn::Token![,]>::parse_terminated)
            else {
                continue;
            };
            let keep: Vec<&syn::Path> = paths.iter().filter(|p| !is_proc_derive(p)).collect();
            if keep.len() != paths.len() {
                dropped = true;
                *attr = syn::parse_quote!(#[derive(#(#keep),*)]);
            }
        }
        attrs.retain(|a| !(a.path().is_ident("derive") && a.meta.require_list().is_ok_and(|l| l.tokens.is_empty())));
        if dropped {
            attrs.retain(|a| !HELPER_ATTRS.iter().any(|h| a.path().is_ident(h)));
        }
        dropped
    }
}

/// A derive no built-in derive provides (the game crates' only one is
/// `thiserror::Error`).
fn is_proc_derive(p: &syn::Path) -> bool {
    p.segments.last().is_some_and(|s| !BUILTIN_DERIVES.contains(&s.ident.to_string().as_str()))
}

fn drop_helpers(attrs: &mut Vec<Attribute>) {
    attrs.retain(|a| !HELPER_ATTRS.iter().any(|h| a.path().is_ident(h)));
}

impl VisitMut for DropProcDerives<'_> {
    fn visit_item_enum_mut(&mut self, e: &mut syn::ItemEnum) {
        if Self::drop_derives(&mut e.attrs) {
            for v in &mut e.variants {
                drop_helpers(&mut v.attrs);
                v.fields.iter_mut().for_each(|f| drop_helpers(&mut f.attrs));
            }
        }
        visit_mut::visit_item_enum_mut(self, e);
    }

    fn visit_item_struct_mut(&mut self, s: &mut syn::ItemStruct) {
        if Self::drop_derives(&mut s.attrs) {
            s.fields.iter_mut().for_each(|f| drop_helpers(&mut f.attrs));
        }
        visit_mut::visit_item_struct_mut(self, s);
    }

    fn visit_item_mod_mut(&mut self, m: &mut ItemMod) {
        if let Some((_, items)) = m.content.as_mut() {
            items.retain(|i| match i {
                Item::Use(u) => !self.proc_macro_crates.iter().any(|c| use_root(&u.tree).is_some_and(|r| r == *c)),
                _ => true,
            });
        }
        visit_mut::visit_item_mod_mut(self, m);
    }
}

fn use_root(tree: &UseTree) -> Option<String> {
    match tree {
        UseTree::Path(p) => Some(p.ident.to_string()),
        UseTree::Name(n) => Some(n.ident.to_string()),
        UseTree::Rename(r) => Some(r.ident.to_string()),
        UseTree::Glob(_) | UseTree::Group(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thiserror_derive_and_its_attributes_go_builtin_ones_stay() {
        let mut file: syn::File = syn::parse_quote! {
            #[derive(Clone, Debug, thiserror::Error)]
            pub enum E {
                #[error("bad {0}")]
                Bad(#[from] u8),
            }
            #[derive(Clone, Debug)]
            pub struct Kept(#[allow(dead_code)] u8);
        };
        DropProcDerives { proc_macro_crates: &[] }.visit_file_mut(&mut file);
        let text = file.into_token_stream().to_string();
        assert!(!text.contains("thiserror") && !text.contains("error (") && !text.contains("from"), "{text}");
        assert!(text.contains("derive (Clone , Debug)") && text.contains("allow (dead_code)"), "{text}");
    }

    #[test]
    fn only_procedural_derive_impls_are_collected_by_module() {
        let expanded: syn::File = syn::parse_quote! {
            mod a {
                mod b {
                    #[automatically_derived]
                    impl ::core::fmt::Display for E { fn fmt(&self, f: &mut ::core::fmt::Formatter) -> ::core::fmt::Result { Ok(()) } }
                    #[automatically_derived]
                    impl ::core::clone::Clone for E { fn clone(&self) -> E { *self } }
                    impl ::core::fmt::Display for Hand { fn fmt(&self, f: &mut ::core::fmt::Formatter) -> ::core::fmt::Result { Ok(()) } }
                }
            }
        };
        let mut found = BTreeMap::new();
        collect_derived(&expanded.items, &mut Vec::new(), &mut found);
        assert_eq!(found.len(), 1);
        let impls = &found[&vec!["a".to_owned(), "b".to_owned()]];
        assert_eq!(impls.len(), 1);
        assert!(impls[0].to_token_stream().to_string().contains("Display for E"));
    }

    #[test]
    fn minified_tokens_parse_back_to_the_same_tokens() {
        let src = "fn f<'a>(x: &'a [u8], n: i32) -> i32 { let y = x.len() as i32 - -n; if y <= 1. as i32 { 1.max(2) } else { b\"z\".len() as i32 + r#type::C } } fn g<R>() where 'r: 'b { match c { '1'..='9' if k => \"s\", _ => \"t\" }; }";
        let tokens: proc_macro2::TokenStream = src.parse().unwrap();
        let small = minify(tokens.clone());
        assert!(small.len() < tokens.to_string().len(), "{small}");
        let back: proc_macro2::TokenStream = small.parse().unwrap();
        assert_eq!(back.to_string(), tokens.to_string(), "{small}");
    }

    #[test]
    fn attributes_no_bundle_reads_go_and_the_others_stay() {
        let mut item: Item = syn::parse_quote! {
            #[cfg_attr(feature = "serde", derive(Serialize))]
            #[cfg_attr(any(feature = "serde", test), derive(Hash))]
            #[cfg_attr(not(feature = "std"), allow(unused))]
            #[allow(unused_qualifications)]
            #[automatically_derived]
            #[deprecated(note = "old")]
            #[inline]
            #[derive(Clone)]
            #[repr(u8)]
            enum E { A }
        };
        StripDocs.visit_item_mut(&mut item);
        let kept: Vec<String> =
            item_attrs(&mut item).unwrap().iter().map(|a| a.to_token_stream().to_string()).collect();
        // A cfg_attr on one feature is never on in a bundle compiled by rustc alone; the others may be.
        let any = "# [cfg_attr (any (feature = \"serde\" , test) , derive (Hash))]";
        let not = "# [cfg_attr (not (feature = \"std\") , allow (unused))]";
        assert_eq!(kept, [any, not, "# [inline]", "# [derive (Clone)]", "# [repr (u8)]"]);
    }

    #[test]
    fn crate_modules_match_their_package_names() {
        assert!(crate_module_matches("__thiserror_2_0_21", "thiserror"));
        assert!(crate_module_matches("yavalath", "yavalath"));
        assert!(crate_module_matches("__game_core_0_1_0", "game-core"));
        assert!(!crate_module_matches("__thiserror_impl_2_0_21", "thiserror"));
    }

    #[test]
    fn crate_paths_cargo_equip_leaves_in_a_bundled_crate_name_its_module() {
        let file: syn::File = syn::parse_quote! {
            fn main() { let _ = crate::helper(); }
            pub mod __cargo_equip {
                pub mod crates {
                    pub mod quoridor {
                        pub(in crate::__cargo_equip::crates::quoridor) fn f() -> Result<(), crate::MoveError> {
                            Err(crate::__cargo_equip::crates::quoridor::MoveError)
                        }
                    }
                }
            }
        };
        let text = prepare(&file, &BTreeMap::new()).unwrap().to_token_stream().to_string();
        assert!(text.contains("Result < () , crate :: __cargo_equip :: crates :: quoridor :: MoveError >"), "{text}");
        assert!(text.contains("Err (crate :: __cargo_equip :: crates :: quoridor :: MoveError)"), "{text}");
        assert!(text.contains("pub (in crate :: __cargo_equip :: crates :: quoridor) fn f"), "{text}");
        assert!(text.contains("let _ = crate :: helper ()"), "the bot's own paths stay: {text}");
    }

    #[test]
    fn absolute_crate_paths_point_at_the_bundled_module() {
        let item: Item = syn::parse_quote!(impl ::thiserror::__private21::Error for E {});
        let text = point_at_bundled(&item, &["__thiserror_2_0_21".to_owned()]).to_token_stream().to_string();
        assert!(
            text.contains("crate :: __cargo_equip :: crates :: __thiserror_2_0_21 :: __private21 :: Error"),
            "{text}"
        );
    }
}
