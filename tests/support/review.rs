//! The review flow every game's browser test ends with: from the result
//! card into the review, the graph, the worst move with the Expert's better
//! move drawn on the board, then the same game reopened from the list of
//! finished games after a reload.

use super::browser::{self, STEP_TIMEOUT};
use super::chrome::tap;
use fantoccini::{Client, Locator};
use std::time::{Duration, Instant};

/// The analysis runs in the page; the first error shows up within this.
const REVIEW_TIMEOUT: Duration = Duration::from_secs(150);

async fn find(client: &Client, css: &str, limit: Duration) -> Result<fantoccini::elements::Element, String> {
    let deadline = Instant::now() + limit;
    loop {
        if let Ok(element) = client.find(Locator::Css(css)).await {
            if element.is_displayed().await.unwrap_or(false) {
                return Ok(element);
            }
        }
        if Instant::now() > deadline {
            return Err(format!("{css} was not shown within {limit:?}"));
        }
        tokio::time::sleep(Duration::from_millis(150)).await;
    }
}

/// Waits for the review of a `game` and its graph.
async fn review_shown(client: &Client, game: &str) -> Result<(), String> {
    let section = format!("[data-testid=\"review\"][data-game=\"{game}\"]");
    find(client, &section, STEP_TIMEOUT).await?;
    find(client, "[data-testid=\"review-graph\"]", REVIEW_TIMEOUT).await?;
    Ok(())
}

/// From the result card on the screen: opens the review, waits for the
/// graph and the first error, taps the worst move and checks that the board
/// draws the better move (a `hint` mark, or HADANG's hinted wall) and the
/// explanation names it. Saves `screenshot`. Then reloads on the list of
/// finished games and reopens the newest one into its review.
pub async fn check_review(client: &Client, base: &str, game: &str, screenshot: &str) -> Result<(), String> {
    let button = find(client, "[data-testid=\"open-review\"]", STEP_TIMEOUT).await?;
    tap(client, &button).await?;
    review_shown(client, game).await?;
    let worst = find(client, "[data-testid=\"review-worst\"]", REVIEW_TIMEOUT)
        .await
        .map_err(|e| format!("no error found in a game against the Beginner: {e}"))?;
    tap(client, &worst).await?;
    find(
        client,
        ".review-board :is(.hint, [data-testid=\"hint-wall\"])",
        STEP_TIMEOUT,
    )
    .await
    .map_err(|e| format!("the better move is not drawn: {e}"))?;
    let explain = client
        .find(Locator::Css("[data-testid=\"review-explain\"]"))
        .await
        .map_err(|e| e.to_string())?
        .text()
        .await
        .map_err(|e| e.to_string())?;
    let chosen = client
        .find(Locator::Css("[data-testid=\"review-move\"][aria-current=\"true\"]"))
        .await
        .map_err(|e| format!("the worst move is not picked in the list: {e}"))?;
    let mark = chosen
        .attr("data-mark")
        .await
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    if matches!(mark.as_str(), "best" | "good" | "forced" | "") {
        return Err(format!("the worst move is marked {mark:?}"));
    }
    if !explain.contains(':') {
        return Err(format!("the explanation names no better move: {explain:?}"));
    }
    // The graph picks moves too: its first strip is the first move. Picking
    // the worst move scrolled its line of the list into view a frame later
    // (and may have shown "Try again" above the graph): let that settle, then
    // bring the graph into view as a person would before tapping it.
    tokio::time::sleep(Duration::from_millis(300)).await;
    browser::scroll_and_tap_testid(client, "graph-move")
        .await
        .map_err(|e| format!("the graph's first move: {e}"))?;
    browser::wait_js(
        client,
        "the graph's first move picked in the list",
        "const m = document.querySelector('[data-testid=review-move]');
         return !!m && m.getAttribute('aria-current') === 'true';",
    )
    .await
    .map_err(|e| format!("tapping the graph's first move did not pick the first move: {e}"))?;
    tap(client, &worst).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    browser::take_shot(client, screenshot).await?;

    // After a reload, the game is still kept and opens again.
    client
        .goto(&format!("{base}/#/games"))
        .await
        .map_err(|e| format!("opening the finished games: {e}"))?;
    client.refresh().await.map_err(|e| e.to_string())?;
    let newest = find(client, "[data-testid=\"finished-game\"]", STEP_TIMEOUT).await?;
    let kept = newest
        .attr("data-game")
        .await
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    if kept != game {
        return Err(format!("the newest finished game is {kept:?}, not {game}"));
    }
    tap(client, &newest).await?;
    review_shown(client, game).await?;
    // Leave the review (and its analysis) for whatever the test does next.
    client.goto(&format!("{base}/")).await.map_err(|e| e.to_string())?;
    Ok(())
}
