//! A modal sheet rising from the bottom: a titled dialog (its title names it
//! for screen readers), focus moved into it when it opens, and Escape, a tap
//! outside it or its own buttons to close it.

use dioxus::prelude::*;

#[component]
pub fn Sheet(
    /// The dialog's heading, and its accessible name.
    title: String,
    /// Unique on the page: the heading's id is `{id}-title`.
    id: &'static str,
    /// Extra classes for the sheet (`"export-sheet"`).
    class: Option<&'static str>,
    on_close: EventHandler<()>,
    children: Element,
) -> Element {
    let title_id = format!("{id}-title");
    let class = match class {
        Some(extra) => format!("sheet {extra}"),
        None => "sheet".to_string(),
    };
    rsx! {
        div { class: "sheet-backdrop", onclick: move |_| on_close.call(()),
            div {
                class: "{class}",
                role: "dialog",
                "aria-modal": "true",
                "aria-labelledby": "{title_id}",
                "data-testid": "{id}",
                tabindex: "-1",
                onclick: move |e| e.stop_propagation(),
                onkeydown: move |e| {
                    if e.key() == Key::Escape {
                        on_close.call(());
                    }
                },
                // A keyboard or screen-reader user lands in the dialog, not
                // behind it.
                onmounted: move |e| async move {
                    let _ = e.data().set_focus(true).await;
                },
                h2 { id: "{title_id}", "{title}" }
                {children}
            }
        }
    }
}
