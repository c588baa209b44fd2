#include "peakcard.h"

#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

#include "demo/model/democlaimstext.h"
#include "demo/model/demorunner.h"

using rlab::demo::counterfactualText;
using rlab::demo::demoCounterfactuals;
using rlab::demo::demoLedger;
using rlab::demo::DemoOutcome;
using rlab::demo::DemoResult;
using rlab::demo::DemoRunner;
using rlab::demo::ledgerFateTitle;
using rlab::demo::ledgerRowName;
using rlab::demo::peakMomentText;

namespace {

constexpr std::size_t kLiveRows = 10; // issue 26: the largest ten rows live at the peak, or all when fewer

QString mib(std::uint64_t bytes)
{
    return PeakCard::tr("%1 MiB").arg(QLocale().toString(double(bytes) / (1024.0 * 1024.0), 'f', 2));
}

QString signedMib(std::int64_t bytes)
{
    const QString text = QLocale().toString(double(bytes) / (1024.0 * 1024.0), 'f', 2);
    return bytes > 0 ? QStringLiteral("+") + text : text;
}

} // namespace

PeakCard::PeakCard(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("peakCard"));
    auto* frame = new QFrame;
    frame->setFrameShape(QFrame::StyledPanel);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(frame);
    auto* layout = new QVBoxLayout(frame);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(2);
    m_title = new QLabel;
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    m_moment = new QLabel;
    m_moment->setObjectName(QStringLiteral("peakMoment"));
    m_moment->setWordWrap(true);
    m_live = new QLabel;
    m_live->setObjectName(QStringLiteral("peakLive"));
    m_live->setTextFormat(Qt::RichText);
    m_live->setWordWrap(true);
    m_tryTitle = new QLabel;
    m_tries = new QGridLayout;
    m_tries->setColumnStretch(1, 1);
    layout->addWidget(m_title);
    layout->addWidget(m_moment);
    layout->addWidget(m_live);
    layout->addWidget(m_tryTitle);
    layout->addLayout(m_tries);
    m_runner = new DemoRunner(nullptr, this);
    connect(m_runner, &DemoRunner::resultReady, this, &PeakCard::onResult);
    connect(m_runner, &DemoRunner::ended, this, [this](const DemoOutcome& outcome) {
        if (!outcome.ok() && m_running >= 0 && m_running < m_tryTexts.size())
            m_tryTexts[m_running]->setText(outcome.message);
        m_running = -1;
        for (QPushButton* button : m_tryButtons)
            button->setEnabled(true);
        if (!m_queued.empty()) {
            const int next = m_queued.front();
            m_queued.erase(m_queued.begin());
            tryCounterfactual(next);
        } else if (m_tryingAll) {
            m_tryingAll = false;
            emit triesFinished();
        }
    });
    rebuild();
}

PeakCard::~PeakCard()
{
    m_runner->cancel();
    m_runner->wait();
}

void PeakCard::setResult(const DemoResult& result)
{
    if (m_hasResult && result.label == m_result.label && result.sweepValue == m_result.sweepValue
        && result.run.peakActivationBytes == m_result.run.peakActivationBytes)
        return; // the same run again: keep what its counterfactuals measured
    m_queued.clear();
    m_runner->cancel();
    m_runner->wait();
    m_result = result;
    m_hasResult = true;
    m_counterfactuals = demoCounterfactuals(result);
    m_measured.assign(m_counterfactuals.size(), 0);
    rebuild();
}

void PeakCard::clear()
{
    m_queued.clear();
    m_runner->cancel();
    m_runner->wait();
    m_hasResult = false;
    m_counterfactuals.clear();
    m_measured.clear();
    rebuild();
}

void PeakCard::retranslate()
{
    rebuild();
}

void PeakCard::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void PeakCard::rebuild()
{
    m_title->setText(tr("At the peak"));
    for (QPushButton* button : m_tryButtons)
        button->deleteLater();
    for (QLabel* label : m_tryTexts)
        label->deleteLater();
    m_tryButtons.clear();
    m_tryTexts.clear();
    const std::optional<rlab::TensorLedger> ledger
        = m_hasResult ? demoLedger(m_result) : std::optional<rlab::TensorLedger> {};
    setVisible(ledger.has_value());
    if (!ledger)
        return;
    m_moment->setText(tr("%1 of activations, reached in %2; the marker on the timeline.")
                          .arg(mib(ledger->peakActivationBytes), peakMomentText(*ledger)));
    QString live = tr("Live then (measured), largest first:") + QStringLiteral("<br>");
    QStringList rows;
    for (const rlab::LedgerRow& row : rlab::largestAtPeak(*ledger, kLiveRows)) {
        const QString block = row.block < 0 ? tr("head") : tr("block %1").arg(row.block + 1);
        rows.push_back(QStringLiteral("%1 · %2: %3 (%4)")
                           .arg(mib(row.peakBytes), block, ledgerRowName(row).toHtmlEscaped(),
                               ledgerFateTitle(row.fate)));
    }
    m_live->setText(live + rows.join(QStringLiteral("<br>")));
    m_tryTitle->setText(m_counterfactuals.empty()
            ? tr("No other policy lowers this peak.")
            : tr("What would lower it (predicted); each button runs that policy at these sizes:"));
    for (std::size_t i = 0; i < m_counterfactuals.size(); ++i) {
        const rlab::Counterfactual& c = m_counterfactuals[i].counterfactual;
        auto* button = new QPushButton(tr("Run %1").arg(rlab::demo::runNameText(c.policy)));
        button->setObjectName(QStringLiteral("tryCounterfactual%1").arg(i));
        button->setEnabled(m_running < 0);
        const int index = int(i);
        connect(button, &QPushButton::clicked, this, [this, index] { tryCounterfactual(index); });
        auto* text = new QLabel;
        text->setWordWrap(true);
        QString line
            = tr("%1: peak %2 (predicted, %3 MiB)")
                  .arg(counterfactualText(c), mib(c.predictedPeakActivationBytes), signedMib(c.change));
        if (m_measured[i] > 0)
            line += QStringLiteral("; ")
                + (m_measured[i] == c.predictedPeakActivationBytes
                        ? tr("measured %1, exactly as predicted").arg(mib(m_measured[i]))
                        : tr("measured %1, not the predicted figure").arg(mib(m_measured[i])));
        text->setText(line);
        m_tries->addWidget(button, int(i), 0);
        m_tries->addWidget(text, int(i), 1);
        m_tryButtons.push_back(button);
        m_tryTexts.push_back(text);
    }
}

bool PeakCard::tryAll()
{
    if (m_counterfactuals.empty() || m_runner->isRunning())
        return false;
    m_tryingAll = true;
    m_queued.clear();
    for (std::size_t i = 1; i < m_counterfactuals.size(); ++i)
        m_queued.push_back(int(i));
    tryCounterfactual(0);
    return true;
}

void PeakCard::tryCounterfactual(int index)
{
    if (index < 0 || std::size_t(index) >= m_counterfactuals.size() || m_runner->isRunning())
        return;
    m_running = index;
    for (QPushButton* button : m_tryButtons)
        button->setEnabled(false);
    m_tryTexts[index]->setText(
        tr("Running %1…")
            .arg(rlab::demo::runNameText(m_counterfactuals[std::size_t(index)].counterfactual.policy)));
    m_runner->start({m_counterfactuals[std::size_t(index)].plan});
}

void PeakCard::onResult(const DemoResult& result)
{
    if (m_running < 0 || std::size_t(m_running) >= m_measured.size())
        return;
    const int index = m_running;
    m_measured[std::size_t(index)] = result.run.peakActivationBytes;
    m_running = -1;
    rebuild();
    emit counterfactualMeasured(index);
}
