//! A lesson on the game's real board: the same board component and tap
//! state as play, fed from the lesson's position (the learner's view, drawn
//! from the learner's side), with the hint marked on the board. A move the
//! taps choose goes to the lesson; a refusal of the tap logic is a wrong
//! try explained by its rule.

use crate::components::zoom::wrap_attributes;
use crate::i18n::Lang;
use crate::play::{ButtonStyle, Table, TapState, Tapped};
use crate::shell::actions::{game_buttons, ActionButton, ActionButtons, ActionId};
use crate::shell::{BoardProps, GameUi};
use crate::tutorial::{AnyLesson, Feedback, LessonGame};
use dioxus::prelude::*;
use papan_rules::SeatView;
use std::marker::PhantomData;

/// What a tap told the learner: the lesson's feedback, or a short note that
/// is not a try (a tap while nothing is to be played).
#[derive(Clone, Debug, PartialEq)]
pub enum LessonEvent {
    Feedback(Feedback),
    Note(&'static str),
}

/// The table the learner sees.
pub fn lesson_table<G: GameUi + LessonGame>(any: &AnyLesson) -> Option<Table<G>> {
    let p = G::player(any)?;
    let seat = p.seat();
    let view = p.position().view(seat);
    Some(Table {
        can_act: p.awaits_move() && view.may_act(seat),
        view,
        viewer: seat,
        bottom: seat,
        last: p.last().cloned(),
        outcome: p.position().outcome(),
        ply: p.history().len(),
        history: p.history().to_vec(),
    })
}

#[component]
pub fn LessonBoard<G: GameUi + LessonGame>(
    game: PhantomData<G>,
    session: Signal<AnyLesson>,
    lang: Lang,
    /// The board's zoom factor while zoomed in (the screen's zoom button).
    zoom: Signal<Option<f64>>,
    on_event: EventHandler<LessonEvent>,
) -> Element {
    let _ = game;
    // The tap state belongs to one board: a new step, page or move resets it.
    let mut tap = use_signal(|| (0usize, 0usize, G::Tap::default()));
    let s = session.read();
    let Some(table) = lesson_table::<G>(&s) else {
        return rsx! {};
    };
    let hint = G::player(&s).and_then(|p| p.hint_move());
    let key = (s.step_index(), table.ply + s.page_label().map_or(0, |(i, _)| i * 1000));
    drop(s);
    let current = {
        let (step, at, state) = tap.read().clone();
        if (step, at) == key {
            state
        } else {
            let mut fresh = state;
            fresh.reset();
            fresh
        }
    };
    let mut answer = move |tapped: Tapped<G::Move>, state: G::Tap| {
        let event = match tapped {
            Tapped::Play(mv) => {
                let feedback = G::player_mut(&mut session.write()).map(|p| p.play(mv));
                feedback.map(LessonEvent::Feedback)
            }
            Tapped::Refused(refusal) => {
                let feedback = G::player_mut(&mut session.write()).map(|p| p.refused(refusal));
                feedback.map(LessonEvent::Feedback)
            }
            Tapped::Ignored(reason) => Some(LessonEvent::Note(reason)),
            Tapped::Roll | Tapped::Changed => None,
        };
        tap.set((key.0, key.1, state));
        if let Some(event) = event {
            on_event.call(event);
        }
    };
    let input_table = table.clone();
    let input_state = current.clone();
    let on_input = EventHandler::new(move |input| {
        if !input_table.can_act {
            on_event.call(LessonEvent::Note(crate::i18n::key("tutorial-read-first")));
            return;
        }
        let mut state = input_state.clone();
        let tapped = state.tap(&input_table, input);
        answer(tapped, state);
    });
    let command_table = table.clone();
    let command_state = current.clone();
    let on_command = EventHandler::new(move |command| {
        let mut state = command_state.clone();
        let tapped = state.command(&command_table, command);
        answer(tapped, state);
    });
    let buttons = current.buttons(&table);
    let mut actions = game_buttons(lang, &buttons);
    if current.can_undo(&table) {
        actions.push(ActionButton::new(
            lang,
            ActionId::Undo,
            "action-undo",
            "undo",
            ButtonStyle::Ghost,
        ));
    }
    let on_action = {
        let table = table.clone();
        let state = current.clone();
        EventHandler::new(move |id| match id {
            ActionId::Game(i) => on_command.call(buttons[i].command),
            ActionId::Undo => {
                let mut state = state.clone();
                state.undo(&table);
                tap.set((key.0, key.1, state));
            }
            _ => {}
        })
    };
    let (zoomed, zoom_style) = wrap_attributes(zoom());
    let board = G::board(BoardProps {
        table: table.clone(),
        tap: current,
        hint,
        lang,
        on_input,
        on_command,
    });
    rsx! {
        div { class: "lesson-board-wrap board-wrap board-{G::GAME}{zoomed}", style: "{zoom_style}", "data-testid": "lesson-board", "data-game": "{G::GAME}",
            {board}
        }
        if !actions.is_empty() {
            div { class: "lesson-game-actions",
                ActionButtons { buttons: actions, on_action }
            }
        }
    }
}
